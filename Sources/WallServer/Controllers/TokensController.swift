import Foundation
import Hummingbird
import WallApp
import WallCore
import WallStore

/// `/v1/tokens`: the caller's API tokens: list, make (the secret is shown once), revoke.
struct TokensController {
    let accounts: Accounts
    let authenticator: TokenAuthenticator

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get(use: list)
        routes.post(use: create)
        routes.delete(":id", use: revoke)
        return routes
    }

    func list(_ request: Request, context: WallRequestContext) async throws -> JSONBody<TokenList> {
        let identity = try context.requireIdentity()
        return JSONBody(TokenList(tokens: try await accounts.store.tokens(userID: identity.userID)))
    }

    func create(_ request: Request, context: WallRequestContext) async throws -> JSONBody<NewToken> {
        let identity = try context.requireIdentity()
        let label = try await request.decode(as: TokenCreateRequest.self, context: context).validatedLabel()
        return JSONBody(try await accounts.issueToken(userID: identity.userID, label: label), status: .created)
    }

    func revoke(_ request: Request, context: WallRequestContext) async throws -> HTTPResponse.Status {
        let identity = try context.requireIdentity()
        let id = try context.uuidParameter("id", naming: "token")
        guard try await accounts.store.revokeToken(id: id, userID: identity.userID) else {
            throw APIError.notFound("token")
        }
        authenticator.forget(tokenID: id)
        return .noContent
    }
}
