/// How `WebSessionMiddleware` checks the CSRF token on a group of web routes.
///
/// Every request that changes something (any method but GET, HEAD and OPTIONS) must carry the
/// token the server rendered into its pages: in the `_csrf` form field or the `X-CSRF-Token`
/// header. The middleware reads a form body itself (bounded), so no route can forget the check,
/// and refuses a wrong or missing token with the 403 page, unless the policy says otherwise:
/// - `passesUnverified`: the request reaches the route anyway, marked `csrfVerified == false`,
///   and the route decides (the share target, which a share sheet posts to without a token);
/// - `streamsMultipart`: a `multipart/form-data` body is not read by the middleware but left to
///   the route, which reads it as it streams (files); the middleware checks only the header, and
///   the route must find the `_csrf` field before the first file byte reaches the disk (the share
///   page), or take the request as unverified when it also `passesUnverified` (the share target).
///   Any other body is read and checked by the middleware as usual.
struct CSRFPolicy: Sendable, Equatable {
    /// Whether a `multipart/form-data` body is left to the route to read and check as it streams.
    var streamsMultipart: Bool
    /// Whether a request whose token is wrong or missing still reaches the route, marked unverified.
    var passesUnverified: Bool

    /// The pages: every change carries its token, checked here.
    static let pages = CSRFPolicy(streamsMultipart: false, passesUnverified: false)
    /// The share target: share sheets post to it without a token; the route decides.
    static let shareTarget = CSRFPolicy(streamsMultipart: true, passesUnverified: true)
    /// The share page's form, which carries files: the route checks the streamed `_csrf` field.
    static let sharePage = CSRFPolicy(streamsMultipart: true, passesUnverified: false)

    /// What the middleware does with a request's body and token.
    enum Check: Sendable, Equatable {
        /// Nothing: the request changes nothing (a safe method).
        case none
        /// Checks the header only; the route reads the body as it streams and checks its field.
        case headerOnly
        /// Reads the body (bounded) and checks its `_csrf` field, else the header.
        case body
    }

    /// The check for a request; `isMultipart` (asked only when it matters) says whether its body
    /// is `multipart/form-data` with a boundary.
    func check(isSafeMethod: Bool, isMultipart: @autoclosure () -> Bool) -> Check {
        if isSafeMethod { return .none }
        return streamsMultipart && isMultipart() ? .headerOnly : .body
    }

    /// Whether the middleware refuses the request, given its check and whether the token was right.
    func refuses(_ check: Check, verified: Bool) -> Bool {
        switch check {
        case .none: false
        // The route checks the streamed field, or takes the request as unverified.
        case .headerOnly: false
        case .body: !verified && !passesUnverified
        }
    }
}
