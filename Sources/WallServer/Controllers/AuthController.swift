import Foundation
import Hummingbird
import Logging
import WallApp
import WallCore
import WallStore

/// `POST /v1/auth/token`: trade a user name and password for a new token (what `dwall login` and
/// the iOS app call). Attempts are limited per address and per user name from that address (`SignInLimiter`).
struct AuthController {
    let accounts: Accounts
    let signIns: SignInLimiter

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).post("token", use: token)
    }

    func token(_ request: Request, context: WallRequestContext) async throws -> JSONBody<NewToken> {
        let body = try await request.decode(as: AuthTokenRequest.self, context: context)
        let username = try UserRules.username(body.username)
        let label = try TokenLabel.validate(body.label ?? "API token")
        try signIns.admit(username: username, address: context.peerAddress)
        guard body.password.utf8.count <= Limits.maxPasswordBytes,
              let user = try await accounts.signIn(username: username, password: body.password)
        else {
            context.logger.notice("Sign-in refused", metadata: ["user.name": "\(username)"])
            throw APIError.unauthorized("The user name or password is wrong.")
        }
        return JSONBody(try await accounts.issueToken(userID: user.id, label: label), status: .created)
    }
}

/// `GET /v1/me`: who the token belongs to.
struct MeController {
    let store: any WallStore

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).get(use: me)
    }

    func me(_ request: Request, context: WallRequestContext) async throws -> JSONBody<Me> {
        let identity = try context.requireIdentity()
        guard let tokenID = identity.tokenID, let user = try await store.user(id: identity.userID) else {
            throw APIError.unauthorized()
        }
        return JSONBody(Me(user: user, tokenId: tokenID))
    }
}
