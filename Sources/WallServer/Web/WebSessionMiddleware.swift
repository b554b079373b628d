import Foundation
import Hummingbird
import WallApp
import WallCore
import WallStore

/// Reads the web wall's session cookie on the page routes behind it, gives every page its CSRF
/// token, and checks that token on every request that changes something, as its `CSRFPolicy` says.
///
/// A signed-in browser's token is keyed by its session secret; a signed-out browser gets a
/// pre-session cookie whose secret keys the token of the sign-in and setup forms, so those are
/// protected as well.
struct WebSessionMiddleware: RouterMiddleware {
    typealias Context = WallRequestContext

    let sessions: SessionAuthenticator
    let publicURL: URL?
    /// How the token is checked on these routes.
    var csrf = CSRFPolicy.pages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        var request = request
        var newPreSession: String?
        let csrfSecret: String
        if let secret = request.sessionSecret, let session = try await sessions.session(forSecret: secret) {
            context.identity = Identity(userID: session.userID, credential: .session(session.id))
            csrfSecret = secret
        } else if let secret = request.preSessionSecret, secret.utf8.count <= 128 {
            csrfSecret = secret
        } else {
            let secret = TokenSecret.generate(prefix: "dp_")
            newPreSession = secret
            csrfSecret = secret
        }
        context.csrfToken = CSRFToken.token(forSecret: csrfSecret)
        let check = csrf.check(isSafeMethod: request.method.isSafe, isMultipart: FileShareSaver.boundary(of: request) != nil)
        switch check {
        case .none:
            break
        case .headerOnly:
            context.csrfVerified = newPreSession == nil && CSRFToken.verify(request.headers[CSRFToken.header], secret: csrfSecret)
        case .body:
            let body = try await request.collectBody(upTo: Limits.maxFormBodyBytes)
            let contentType = request.headers[.contentType]
            if let contentType, contentType.lowercased().hasPrefix("application/x-www-form-urlencoded")
                || contentType.lowercased().hasPrefix("multipart/form-data") {
                context.form = try FormData.parse(Array(buffer: body), contentType: contentType)
            }
            let candidate = context.form?[CSRFToken.field] ?? request.headers[CSRFToken.header]
            context.csrfVerified = newPreSession == nil && CSRFToken.verify(candidate, secret: csrfSecret)
        }
        if csrf.refuses(check, verified: context.csrfVerified) { throw WebError.csrfRejected }
        var response = try await next(request, context)
        if let newPreSession {
            response.setCookie(WebCookies.preSession(newPreSession, secure: request.isSecure(publicURL: publicURL)))
        }
        return response
    }
}

extension WallRequestContext {
    /// The signed-in browser's identity, or a trip to the sign-in page and back.
    func requireSignedIn(_ request: Request) throws -> Identity {
        guard let identity, identity.sessionID != nil else {
            throw WebError.signInRequired(next: request.uri.string)
        }
        return identity
    }

    /// The form the middleware read (an empty one for a body that was not a form).
    var formData: FormData { form ?? FormData() }
}
