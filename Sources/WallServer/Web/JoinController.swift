import Foundation
import Hummingbird
import Logging
import WallApp
import WallCore
import WallStore
import WallWeb

/// Invitations: `GET /join?code=` shows the form to make an account with a link someone made in
/// Settings, `POST /join` makes it and signs the browser in. Both answer "not found" for a code
/// that is unknown, used or expired.
struct JoinController {
    let web: WebApp

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("/join", use: show)
        routes.post("/join", use: join)
        return routes
    }

    func show(_ request: Request, context: WallRequestContext) async throws -> Response {
        let code = request.uri.queryParameters.get("code") ?? ""
        guard try await web.invitations.isOpen(code) else { throw WebError.notFound("invitation") }
        return web.html(JoinPageView(chrome: web.bareChrome(context, title: "Join", page: "join"), code: code))
    }

    func join(_ request: Request, context: WallRequestContext) async throws -> Response {
        let form = context.formData
        let code = form["code"] ?? ""
        let user: User
        do {
            user = try await web.invitations.join(code: code, username: form["username"] ?? "", password: form["password"] ?? "")
        } catch let error as ValidationError {
            return refusal(code, form: form, message: error.message, context: context)
        } catch StoreError.usernameTaken {
            return refusal(code, form: form, message: "That user name is taken; choose another.", context: context)
        } catch StoreError.notFound("invitation") {
            throw WebError.notFound("invitation")
        }
        context.logger.notice("Account made through an invitation", metadata: ["user.name": "\(user.username)"])
        return try await web.signedIn(user, request: request)
    }

    private func refusal(_ code: String, form: FormData, message: String, context: WallRequestContext) -> Response {
        var view = JoinPageView(chrome: web.bareChrome(context, title: "Join", page: "join"), code: code)
        view.usernameValue = form["username"] ?? ""
        view.formError = message
        return web.html(view, status: .badRequest)
    }
}
