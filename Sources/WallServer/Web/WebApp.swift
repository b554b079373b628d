import Foundation
import Hummingbird
import WallApp
import WallCore
import WallStore
import WallWeb

/// What the web wall's controllers share: the store, the account rules, sessions, the renderer,
/// and how pages are framed and answered.
struct WebApp: Sendable {
    let store: any WallStore
    let accounts: Accounts
    /// Moves walls up and down the switcher.
    let wallMover: WallMover
    let sessions: SessionAuthenticator
    let tokens: TokenAuthenticator
    let renderer: WebRenderer
    let setup: FirstRunSetup
    /// Where people reach the server, when it is not where it listens (a proxy, https).
    let publicURL: URL?
    /// Saves shared files (the share target's), on the same path as `POST /v1/share`.
    let files: FileShareSaver

    /// One-time sign-up links.
    var invitations: Invitations { Invitations(store: store, hasher: accounts.hasher) }

    /// The frame of a page for a signed-in person: their walls (read here unless given), the
    /// wall in view, the search.
    func chrome(
        _ identity: Identity, context: WallRequestContext, title: String, page: String,
        wallSlug: String? = nil, search: String = "", walls given: [Wall]? = nil
    ) async throws -> (PageChrome, [Wall]) {
        guard let user = try await store.user(id: identity.userID) else { throw WebError.signInRequired(next: "/") }
        var walls = given ?? []
        if given == nil { walls = try await store.walls(userID: identity.userID) }
        let current = wallSlug ?? walls.first(where: \.isDefault)?.ref ?? DefaultWall.slug
        var chrome = PageChrome(
            pageTitle: title, pageName: page, csrfToken: context.csrfToken ?? "", assets: renderer.assets
        )
        chrome.username = user.username
        chrome.wallSlug = current
        chrome.searchText = search
        chrome.walls = walls.map { WallLink(name: $0.pickerName, slug: $0.ref, count: $0.itemCount, isCurrent: $0.ref == current) }
        return (chrome, walls)
    }

    /// The frame of a page for nobody in particular (sign-in, setup, errors).
    func bareChrome(_ context: WallRequestContext, title: String, page: String) -> PageChrome {
        PageChrome(pageTitle: title, pageName: page, csrfToken: context.csrfToken ?? "", assets: renderer.assets)
    }

    /// A page as an HTML response.
    func html(_ page: some WebPage, status: HTTPResponse.Status = .ok) -> Response {
        Response.html(renderer.render(page), status: status)
    }

    /// Signs the browser in as `user` (a new session cookie, the pre-session one dropped) and
    /// sends it to `location`: after sign-in, first-run setup and an invitation.
    func signedIn(_ user: User, request: Request, goingTo location: String = "/") async throws -> Response {
        let (secret, _) = try await sessions.signIn(userID: user.id, userAgent: request.headers[.userAgent])
        let secure = request.isSecure(publicURL: publicURL)
        var response = redirect(location)
        response.setCookie(WebCookies.session(secret, secure: secure))
        response.setCookie(WebCookies.expired(WebCookies.preSession, secure: secure))
        return response
    }

    /// A See Other redirect (after a form was handled).
    func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}

extension Response {
    /// An HTML response that no shared cache keeps (pages hold a person's items).
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "private, no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}

/// Builds the query-string part of a page link from name/value pairs, leaving out empty ones.
enum QueryString {
    static func make(_ pairs: [(String, String?)]) -> String {
        var components = URLComponents()
        components.queryItems = pairs.compactMap { name, value in
            guard let value, !value.isEmpty else { return nil }
            return URLQueryItem(name: name, value: value)
        }
        guard let query = components.percentEncodedQuery, !query.isEmpty else { return "" }
        // `+` means a space in a query; URLComponents leaves it alone.
        return "?" + query.replacingOccurrences(of: "+", with: "%2B")
    }
}
