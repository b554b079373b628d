import Foundation
import ShareKit
import Testing
import WallCore

@MainActor
@Suite struct SignInModelTests {
    nonisolated static let userID = UUID()
    nonisolated static let tokenID = UUID()

    /// A server that takes alice/secret.
    static func transport() -> CannedTransport {
        CannedTransport { request, _ in
            switch (request.method, request.url.path) {
            case ("POST", "/v1/auth/token"):
                let body = try WallJSON.decoder().decode(AuthTokenRequest.self, from: request.body ?? Data())
                guard body.username == "alice", body.password == "secret" else { return CannedTransport.error(401, .unauthorized, "Wrong.") }
                let info = TokenInfo(id: tokenID, label: body.label ?? "", createdAt: Date(timeIntervalSince1970: 0), lastUsedAt: nil)
                return CannedTransport.json(201, NewToken(token: "dw_new", info: info))
            case ("GET", "/v1/me"):
                guard request.headers["Authorization"] == "Bearer dw_new" else { return CannedTransport.error(401, .unauthorized, "No.") }
                let user = User(id: userID, username: "alice", createdAt: Date(timeIntervalSince1970: 0))
                return CannedTransport.json(200, Me(user: user, tokenId: tokenID))
            case ("DELETE", "/v1/tokens/\(tokenID.uuidString)"):
                return HTTPResponseMessage(status: 204)
            default:
                return CannedTransport.error(404, .notFound)
            }
        }
    }

    @Test func theServerAddressNeedsAHostAndDefaultsToHTTPS() {
        let model = SignInModel(store: MemoryCredentialStore(), transport: Self.transport(), tokenLabel: "iPhone")
        model.server = " wall.example.com "
        #expect(model.serverURL?.absoluteString == "https://wall.example.com")
        model.server = "http://192.168.1.5:8080"
        #expect(model.serverURL?.absoluteString == "http://192.168.1.5:8080")
        for bad in ["", "ftp://wall.example.com", "https://", "not a url"] {
            model.server = bad
            #expect(model.serverURL == nil, "\(bad)")
        }
        model.server = "wall.example.com"
        model.username = "alice"
        #expect(!model.canSignIn, "no password yet")
        model.password = "secret"
        #expect(model.canSignIn)
    }

    @Test func signingInKeepsTheTokenAndWhoseItIs() async throws {
        let store = MemoryCredentialStore()
        let transport = Self.transport()
        let model = SignInModel(store: store, transport: transport, tokenLabel: "iPhone")
        model.server = "https://wall.example.com"
        model.username = " alice "
        model.password = "secret"
        #expect(await model.signIn())
        let expected = Credentials(server: URL(string: "https://wall.example.com")!, token: "dw_new", userID: Self.userID, username: "alice", tokenID: Self.tokenID)
        #expect(try store.load() == expected)
        #expect(model.credentials == expected)
        #expect(model.password.isEmpty && model.failure == nil)
        let request = try WallJSON.decoder().decode(AuthTokenRequest.self, from: transport.requests[0].body ?? Data())
        #expect(request.label == "iPhone" && request.username == "alice")

        let again = SignInModel(store: store, transport: transport, tokenLabel: "iPhone")
        #expect(again.credentials == expected && again.username == "alice", "the next launch finds the account")
        await again.signOut()
        #expect(try store.load() == nil && again.credentials == nil)
        #expect(transport.requests.last?.method == "DELETE", "signing out revokes the token")
    }

    @Test func aRefusedTokenSignsOutWithTheReasonAndKeepsTheAddress() async throws {
        let store = MemoryCredentialStore()
        let model = SignInModel(store: store, transport: Self.transport(), tokenLabel: "iPhone")
        model.server = "wall.example.com"
        model.username = "alice"
        model.password = "secret"
        #expect(await model.signIn())
        #expect(TokenRefusal(.offline("no network"), token: "dw_new") == nil, "only a 401 is a refusal")
        #expect(TokenRefusal(.unauthorized("Revoked."), token: nil) == nil, "nothing to sign out without a token")
        model.tokenRefused(try #require(TokenRefusal(.unauthorized("Revoked."), token: "dw_older")))
        #expect(model.credentials != nil, "a late refusal of an earlier token changes nothing")
        model.tokenRefused(try #require(TokenRefusal(.unauthorized("Revoked."), token: "dw_new")))
        #expect(try model.credentials == nil && store.load() == nil, "forgotten here, so the extension keeps shares for later")
        #expect(model.signedOutReason?.contains("Sign in again") == true)
        #expect(model.server == "wall.example.com" && model.username == "alice")
        model.password = "secret"
        #expect(await model.signIn())
        #expect(model.signedOutReason == nil, "signing in again clears it")
    }

    @Test func aWrongPasswordOrNoServerSaysSoAndStoresNothing() async throws {
        let store = MemoryCredentialStore()
        let model = SignInModel(store: store, transport: Self.transport(), tokenLabel: "iPhone")
        model.server = "wall.example.com"
        model.username = "alice"
        model.password = "wrong"
        #expect(await !model.signIn())
        #expect(model.failure == "The user name or password is wrong.")
        #expect(try store.load() == nil)

        let offline = SignInModel(store: store, transport: CannedTransport { _, _ in throw URLError(.cannotFindHost) }, tokenLabel: "iPhone")
        offline.server = "nowhere.example"
        offline.username = "alice"
        offline.password = "secret"
        #expect(await !offline.signIn())
        #expect(offline.failure?.hasPrefix("The server could not be reached") == true)
    }
}

/// Credentials kept in memory.
final class MemoryCredentialStore: CredentialStore {
    private let stored = Locked<Credentials?>(nil)
    func load() throws -> Credentials? { stored.withLock { $0 } }
    func save(_ credentials: Credentials) throws { stored.withLock { $0 = credentials } }
    func delete() throws { stored.withLock { $0 = nil } }
}
