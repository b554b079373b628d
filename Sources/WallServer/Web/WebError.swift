import Foundation
import Hummingbird

/// Why a web page can't be shown; `WebErrorMiddleware` turns each into a page (or a redirect).
enum WebError: Error, Equatable {
    /// Nobody is signed in: go to the sign-in page, then back to `next`.
    case signInRequired(next: String)
    /// A form came without the page's CSRF token (or with a stale one).
    case csrfRejected
    /// The thing (named) is absent or somebody else's.
    case notFound(String)
}
