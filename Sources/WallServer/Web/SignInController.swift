import Foundation
import Hummingbird
import Logging
import WallApp
import WallCore
import WallStore
import WallWeb

/// `GET/POST /signin` and `POST /signout`. Attempts are limited per user name and per address,
/// with the same limiters as `POST /v1/auth/token`, so the two doors share one count.
struct SignInController {
    let web: WebApp
    let signIns: SignInLimiter

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("/signin", use: show)
        routes.post("/signin", use: signIn)
        routes.post("/signout", use: signOut)
        return routes
    }

    func show(_ request: Request, context: WallRequestContext) async throws -> Response {
        if context.identity?.sessionID != nil { return web.redirect("/") }
        if try await web.store.userCount() == 0 {
            var view = MessagePageView(
                chrome: web.bareChrome(context, title: "Set up", page: "message"), heading: "Not set up yet",
                message: "Open the setup link that dwall serve wrote to its log to make the first account."
            )
            view.linkHref = "/signin"
            view.linkText = "Try again"
            return web.html(view)
        }
        var view = SignInPageView(chrome: web.bareChrome(context, title: "Sign in", page: "signin"))
        view.next = Self.localPath(request.uri.queryParameters.get("next"))
        let notice = Notice(request.uri.queryParameters.get("notice"))
        view.chrome.notice = notice?.text
        return web.html(view)
    }

    func signIn(_ request: Request, context: WallRequestContext) async throws -> Response {
        let form = context.formData
        let next = Self.localPath(form["next"])
        let rawName = form["username"] ?? ""
        let password = form["password"] ?? ""
        guard let username = try? UserRules.username(rawName) else {
            return refused(context, username: rawName, next: next, "Enter your user name and password.")
        }
        try signIns.admit(username: username, address: context.peerAddress)
        guard password.utf8.count <= Limits.maxPasswordBytes,
              let user = try await web.accounts.signIn(username: username, password: password)
        else {
            context.logger.notice("Web sign-in refused", metadata: ["user.name": "\(username)"])
            return refused(context, username: username, next: next, "The user name or password is wrong.")
        }
        return try await web.signedIn(user, request: request, goingTo: next)
    }

    func signOut(_ request: Request, context: WallRequestContext) async throws -> Response {
        if let identity = context.identity, let sessionID = identity.sessionID {
            try await web.sessions.signOut(sessionID: sessionID, userID: identity.userID)
        }
        var response = web.redirect("/signin?notice=signed-out")
        response.setCookie(WebCookies.expired(WebCookies.session, secure: request.isSecure(publicURL: web.publicURL)))
        return response
    }

    private func refused(_ context: WallRequestContext, username: String, next: String, _ message: String) -> Response {
        var view = SignInPageView(chrome: web.bareChrome(context, title: "Sign in", page: "signin"))
        view.usernameValue = username
        view.next = next
        view.formError = message
        return web.html(view, status: .unauthorized)
    }

    /// A path on this site to go to after signing in; anything else (another site, `//host`)
    /// becomes the wall.
    static func localPath(_ raw: String?) -> String {
        guard let raw, raw.hasPrefix("/"), !raw.hasPrefix("//"), !raw.hasPrefix("/\\"),
              !raw.unicodeScalars.contains(where: { $0.value < 0x20 }), raw.count <= 2_048
        else { return "/" }
        return raw
    }
}
