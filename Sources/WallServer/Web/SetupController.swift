import Foundation
import Hummingbird
import Logging
import WallApp
import WallCore
import WallStore
import WallWeb

/// First run: `GET /setup?code=` shows the form to make the first account, `POST /setup` makes
/// it and signs the browser in. Both answer "not found" once any user exists or without the code
/// `dwall serve` logged.
struct SetupController {
    let web: WebApp

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("/setup", use: show)
        routes.post("/setup", use: create)
        return routes
    }

    func show(_ request: Request, context: WallRequestContext) async throws -> Response {
        let code = request.uri.queryParameters.get("code") ?? ""
        guard try await isOpen(code) else { throw WebError.notFound("setup link") }
        return web.html(SetupPageView(chrome: web.bareChrome(context, title: "Welcome", page: "setup"), setupCode: code))
    }

    func create(_ request: Request, context: WallRequestContext) async throws -> Response {
        let form = context.formData
        let code = form["code"] ?? ""
        guard try await isOpen(code), web.setup.claim(code) else { throw WebError.notFound("setup link") }
        let user: User
        do {
            user = try await web.accounts.createUser(username: form["username"] ?? "", password: form["password"] ?? "")
            web.setup.finish(succeeded: true)
        } catch let error as ValidationError {
            web.setup.finish(succeeded: false)
            var view = SetupPageView(chrome: web.bareChrome(context, title: "Welcome", page: "setup"), setupCode: code)
            view.usernameValue = form["username"] ?? ""
            view.formError = error.message
            return web.html(view, status: .badRequest)
        } catch {
            web.setup.finish(succeeded: false)
            throw error
        }
        context.logger.notice("First account made through the setup link", metadata: ["user.name": "\(user.username)"])
        return try await web.signedIn(user, request: request)
    }

    /// Whether `code` is the unused setup code and nobody has an account yet.
    private func isOpen(_ code: String) async throws -> Bool {
        guard let expected = web.setup.code, ConstantTime.equal(code, expected) else { return false }
        return try await web.store.userCount() == 0
    }
}
