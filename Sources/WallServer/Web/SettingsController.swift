import Foundation
import Hummingbird
import WallApp
import WallCore
import WallStore
import WallWeb

/// `/settings`: API tokens (make one, shown once; revoke; last used), walls (add, rename,
/// reorder, delete, share with people on this server; leave a wall shared with you), the
/// bookmarklet and the browser extension's zip, the export downloads, the password, and the
/// version this server runs.
///
/// The password change asks for the current password under the sign-in limits (`SignInLimiter`),
/// signs out the other browsers, and revokes every API token unless the person unticks it.
struct SettingsController {
    let web: WebApp
    let signIns: SignInLimiter

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("/settings", use: show)
        routes.post("/settings/tokens", use: createToken)
        routes.post("/settings/tokens/:id/revoke", use: revokeToken)
        routes.post("/settings/walls", use: createWall)
        routes.post("/settings/walls/:id", use: changeWall)
        routes.post("/settings/walls/:id/delete", use: deleteWall)
        routes.post("/settings/walls/:id/members", use: addMember)
        routes.post("/settings/walls/:id/members/:username", use: changeMember)
        routes.post("/settings/walls/:id/leave", use: leaveWall)
        routes.post("/settings/walls/:id/links", use: makeWallLink)
        routes.post("/settings/walls/:id/links/:linkID/revoke", use: revokeWallLink)
        routes.post("/settings/invitations", use: invite)
        routes.post("/settings/invitations/:id/revoke", use: revokeInvitation)
        routes.post("/settings/password", use: changePassword)
        return routes
    }

    func show(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        return try await page(request, identity: identity, context: context, notice: Notice(request.uri.queryParameters.get("notice")))
    }

    func createToken(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        do {
            let label = try TokenLabel.validate(context.formData["label"])
            let token = try await web.accounts.issueToken(userID: identity.userID, label: label)
            return try await page(request, identity: identity, context: context, newToken: token.token)
        } catch let error as ValidationError {
            return try await page(request, identity: identity, context: context, error: error.message)
        }
    }

    func revokeToken(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        guard let id = context.parameters.get("id", as: UUID.self),
              try await web.store.revokeToken(id: id, userID: identity.userID)
        else { throw WebError.notFound("token") }
        web.tokens.forget(tokenID: id)
        return web.redirect("/settings")
    }

    func createWall(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        return try await applying(request, identity: identity, context: context) {
            let change = try WallCreateRequest(name: context.formData["name"] ?? "").validated()
            _ = try await web.store.createWall(change, userID: identity.userID)
        }
    }

    /// Renames a wall, or moves it up or down in the switcher (`action` = rename, up, down).
    func changeWall(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let form = context.formData
        return try await applying(request, identity: identity, context: context) {
            guard let id = context.parameters.get("id", as: UUID.self) else { throw WebError.notFound("wall") }
            switch form["action"] {
            case "up", "down":
                do {
                    try await web.wallMover.move(id, form["action"] == "up" ? .up : .down, userID: identity.userID)
                } catch let error as StoreError where error == .notFound("wall") {
                    throw WebError.notFound("wall")
                }
            default:
                guard try await web.store.walls(userID: identity.userID).contains(where: { $0.id == id }) else {
                    throw WebError.notFound("wall")
                }
                let change = try WallPatchRequest(name: form["name"] ?? "").validated()
                _ = try await web.store.updateWall(id: id, change: change, userID: identity.userID)
            }
        }
    }

    /// Deletes a wall; `items` says what becomes of what it holds (`move:SLUG` or `delete`).
    func deleteWall(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let choice = context.formData["items"] ?? ""
        return try await applying(request, identity: identity, context: context) {
            guard let id = context.parameters.get("id", as: UUID.self) else { throw WebError.notFound("wall") }
            let disposal: WallDisposal =
                choice == "delete" ? .deleteItems : choice.hasPrefix("move:") ? .moveTo(String(choice.dropFirst(5))) : .refuse
            try await web.store.deleteWall(id: id, userID: identity.userID, disposal: disposal)
        }
    }

    /// Shares a wall with someone (`username`, `role`), or, with `action`, changes a member's
    /// role or takes them off it (`changeMember`): the member's name is a field, not a path
    /// segment, so every name reaches it (a browser resolves `..` in a path away).
    func addMember(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let form = context.formData
        return try await applying(request, identity: identity, context: context) {
            guard let id = context.parameters.get("id", as: UUID.self) else { throw WebError.notFound("wall") }
            if form["action"] != nil {
                try await change(member: form["username"] ?? "", of: id, form: form, userID: identity.userID)
                return
            }
            let body = try WallMemberRequest(username: form["username"] ?? "", role: try Self.role(form["role"])).validated()
            _ = try await web.store.setMember(wallID: id, username: body.username, role: body.role, userID: identity.userID)
        }
    }

    /// Changes a member's role (`action` = change) or takes them off the wall (`action` = remove),
    /// named by the path (as pages before the name became a field posted).
    func changeMember(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let form = context.formData
        return try await applying(request, identity: identity, context: context) {
            guard let id = context.parameters.get("id", as: UUID.self), let username = context.parameters.get("username")
            else { throw WebError.notFound("wall") }
            try await change(member: username, of: id, form: form, userID: identity.userID)
        }
    }

    /// What the member forms' `action` asks for `username` on wall `id`.
    private func change(member username: String, of id: UUID, form: FormData, userID: UUID) async throws {
        if form["action"] == "remove" {
            _ = try await web.store.removeMember(wallID: id, username: username, userID: userID)
        } else {
            _ = try await web.store.setMember(wallID: id, username: username, role: try Self.role(form["role"]), userID: userID)
        }
    }

    /// Leaves a wall someone shared with the person.
    func leaveWall(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        guard let id = context.parameters.get("id", as: UUID.self),
              let user = try await web.store.user(id: identity.userID),
              try await web.store.removeMember(wallID: id, username: user.username, userID: identity.userID)
        else { throw WebError.notFound("wall") }
        return web.redirect("/settings")
    }

    /// Makes a secret link to one of the person's walls (`indexable` = on lets search engines in),
    /// shown once.
    func makeWallLink(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        guard let id = context.parameters.get("id", as: UUID.self) else { throw WebError.notFound("wall") }
        let secret = SecretLink.generate()
        do {
            _ = try await web.store.createWallLink(
                wallID: id, secretHash: SecretLink.hash(secret), indexable: context.formData["indexable"] == "on",
                userID: identity.userID
            )
        } catch let error as StoreError where error != .notFound("wall") {
            return try await page(request, identity: identity, context: context, error: Self.message(error))
        }
        let link = web.origin(for: request) + SecretLink.path(secret)
        return try await page(request, identity: identity, context: context, newWallLink: link)
    }

    func revokeWallLink(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        guard let id = context.parameters.get("id", as: UUID.self),
              let linkID = context.parameters.get("linkID", as: UUID.self),
              try await web.store.revokeWallLink(id: linkID, wallID: id, userID: identity.userID)
        else { throw WebError.notFound("link") }
        return web.redirect("/settings")
    }

    /// Makes a one-time sign-up link, shown once.
    func invite(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        do {
            let (code, _) = try await web.invitations.invite(userID: identity.userID)
            let link = web.origin(for: request) + "/join" + QueryString.make([("code", code)])
            return try await page(request, identity: identity, context: context, newInvitation: link)
        } catch let error as StoreError {
            return try await page(request, identity: identity, context: context, error: Self.message(error))
        }
    }

    func revokeInvitation(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        guard let id = context.parameters.get("id", as: UUID.self),
              try await web.store.revokeInvitation(id: id, userID: identity.userID)
        else { throw WebError.notFound("invitation") }
        return web.redirect("/settings")
    }

    func changePassword(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireSignedIn(request)
        let form = context.formData
        guard let user = try await web.store.user(id: identity.userID) else { throw WebError.signInRequired(next: "/") }
        let current = form["current"] ?? ""
        try signIns.admit(username: user.username, address: context.peerAddress)
        guard current.utf8.count <= Limits.maxPasswordBytes,
              try await web.accounts.signIn(username: user.username, password: current) != nil
        else {
            return try await page(request, identity: identity, context: context, error: "The current password is wrong.")
        }
        do {
            try await web.accounts.setPassword(form["new"] ?? "", userID: identity.userID, field: "new password")
        } catch let error as ValidationError {
            return try await page(request, identity: identity, context: context, error: error.message)
        }
        try await web.sessions.signOutOthers(userID: identity.userID, keeping: identity.sessionID)
        guard form["revokeTokens"] == "on" else { return web.redirect("/settings?notice=password") }
        for tokenID in try await web.accounts.revokeAllTokens(userID: identity.userID) {
            web.tokens.forget(tokenID: tokenID)
        }
        return web.redirect("/settings?notice=\(Notice.passwordAndTokens.rawValue)")
    }

    // MARK: Helpers

    /// Runs a change and goes back to settings; a refusal is shown on the page instead.
    private func applying(
        _ request: Request, identity: Identity, context: WallRequestContext, _ change: () async throws -> Void
    ) async throws -> Response {
        do {
            try await change()
            return web.redirect("/settings")
        } catch let error as ValidationError {
            return try await page(request, identity: identity, context: context, error: error.message)
        } catch let error as StoreError where error != .notFound("wall") {
            return try await page(request, identity: identity, context: context, error: Self.message(error))
        }
    }

    private func page(
        _ request: Request, identity: Identity, context: WallRequestContext, notice: Notice? = nil,
        newToken: String? = nil, newInvitation: String? = nil, newWallLink: String? = nil, error: String? = nil
    ) async throws -> Response {
        var (chrome, walls) = try await web.chrome(identity, context: context, title: "Settings", page: "settings")
        chrome.notice = notice?.text
        var view = SettingsPageView(chrome: chrome)
        view.newToken = newToken
        view.newInvitation = newInvitation
        view.newWallLink = newWallLink
        view.invitations = try await web.store.invitations(userID: identity.userID).map {
            InvitationRow(id: $0.id.uppercasedText, created: Self.day($0.createdAt), expires: Self.day($0.expiresAt))
        }
        view.formError = error
        view.tokens = try await web.store.tokens(userID: identity.userID).map { token in
            TokenRow(
                id: token.id.uppercasedText, label: token.label, created: Self.day(token.createdAt),
                lastUsed: token.lastUsedAt.map(Self.day) ?? "never"
            )
        }
        let own = walls.filter { $0.owner == nil }
        view.wallRows = []
        for (index, wall) in own.enumerated() {
            var row = WallRow(
                id: wall.id.uppercasedText, slug: wall.slug, name: wall.name, count: wall.itemCount,
                isDefault: wall.isDefault, canMoveUp: index > 0, canMoveDown: index < own.count - 1,
                moveTargets: own.filter { $0.id != wall.id }.map { WallOption(slug: $0.slug, name: $0.name, selected: $0.isDefault) }
            )
            let members = try await web.store.members(wallID: wall.id, userID: identity.userID)
            row.share(with: members.map { MemberRow(wallID: row.id, username: $0.username, role: $0.role.rawValue) })
            row.links = try await web.store.wallLinks(wallID: wall.id, userID: identity.userID).map {
                WallLinkRow(wallID: row.id, id: $0.id.uppercasedText, created: Self.day($0.createdAt), indexable: $0.indexable)
            }
            view.wallRows.append(row)
        }
        view.sharedWalls = walls.compactMap { wall in
            guard let owner = wall.owner, let role = wall.role else { return nil }
            let label = RoleOption.choices(selected: role.rawValue).first(where: \.selected)?.label ?? role.rawValue
            return SharedWallRow(
                id: wall.id.uppercasedText, href: WallPageController.wallHref(wall.ref), name: wall.name, owner: owner,
                roleLabel: label
            )
        }
        view.bookmarklet = Bookmarklet.href(origin: web.origin(for: request))
        view.serverAddress = web.origin(for: request)
        if let package = web.renderer.extensionPackage {
            view.browserExtension = ExtensionOffer(href: ExtensionDownloadController.href(package), version: package.version)
        }
        return web.html(view, status: error == nil ? .ok : .badRequest)
    }

    private static func day(_ date: Date) -> String { String(WallJSON.formatDate(date).prefix(10)) }

    /// The role a form chose.
    private static func role(_ raw: String?) throws -> WallRole {
        guard let raw, let role = WallRole(rawValue: raw) else {
            throw ValidationError.invalid("role", "Choose what they may do: view, contribute or edit.")
        }
        return role
    }

    private static func message(_ error: StoreError) -> String {
        switch error {
        case .slugTaken(let slug): "You already have a wall called '\(slug)'."
        case .wallNotEmpty(let count): "That wall holds \(count) items: choose what becomes of them."
        case .defaultWallRequired: "The default wall can't be deleted."
        case .tooManyWalls: "You have as many walls as allowed (\(Limits.maxWallsPerUser))."
        case .tooManySavedSearches: "You have as many saved searches as allowed (\(Limits.maxSavedSearchesPerUser))."
        case .conflict(let message): message
        case .forbidden(let message): message
        case .notFound("user"): "There is nobody with that user name on this server."
        default: "That didn't work."
        }
    }
}
