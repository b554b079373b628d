import Foundation
import Hummingbird
import WallCore
import WallStore
import WallWeb

/// Turns what goes wrong on a page route into a page: sign-in redirects, "form expired",
/// "not found", "too many attempts". Anything unexpected is left to `ErrorMiddleware` (a logged
/// 500 that says nothing about internals).
struct WebErrorMiddleware: RouterMiddleware {
    typealias Context = WallRequestContext

    let web: WebApp

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as WebError {
            switch error {
            case .signInRequired(let next):
                let target = next == "/" ? "/signin" : "/signin" + QueryString.make([("next", next)])
                return web.redirect(target)
            case .csrfRejected:
                return page(
                    context, .forbidden, "This form has expired",
                    "For your safety the request was not carried out. Go back, reload the page and try again."
                )
            case .notFound(let what):
                return page(context, .notFound, "Not found", "There is no such \(what) on your walls.")
            }
        } catch let error as ValidationError {
            return page(context, .badRequest, "That didn't work", error.message)
        } catch let error as StoreError where error == .notFound("item") || error == .notFound("wall") {
            return page(context, .notFound, "Not found", "There is no such thing on your walls.")
        } catch StoreError.forbidden(let message) {
            return page(context, .forbidden, "Not yours to change", message)
        } catch let error as APIError where error.status == .tooManyRequests {
            var response = page(context, .tooManyRequests, "Slow down", error.body.error.message)
            response.headers[.retryAfter] = error.headers[.retryAfter]
            return response
        } catch let error as APIError where (400..<500).contains(error.status.code) && error.status != .unauthorized {
            // What the share target refuses on the API's path: a file too large (413), of a type
            // not kept (415), too many files (400).
            let heading = switch error.status {
            case .contentTooLarge: "Too much at once"
            case .unsupportedMediaType: "Not a kind of file the wall keeps"
            default: "That didn't work"
            }
            return page(context, error.status, heading, error.body.error.message)
        } catch where ErrorMiddleware<Context>.apiError(for: error).status == .contentTooLarge {
            return page(context, .contentTooLarge, "Too much at once", "That is more than this server takes in one go.")
        }
    }

    private func page(_ context: Context, _ status: HTTPResponse.Status, _ heading: String, _ message: String) -> Response {
        let view = MessagePageView(
            chrome: web.bareChrome(context, title: heading, page: "message"), heading: heading, message: message
        )
        return web.html(view, status: status)
    }
}
