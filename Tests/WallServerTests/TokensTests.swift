import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore

/// `/v1/tokens`: list without secrets, create (secret shown once), revoke.
@Suite struct TokensTests {
    @Test func listShowsEveryTokenButNoSecret() async throws {
        try await TestServer.run { _, client in
            let first = try await client.signIn("alice")
            let second = try await client.signIn("alice")

            let response = try await client.send(.get, "/v1/tokens", token: first)

            #expect(response.status == .ok)
            let list = try response.decode(TokenListBody.self)
            #expect(list.tokens.count == 2)
            #expect(!response.text.contains(first))
            #expect(!response.text.contains(second))
            #expect(!response.text.contains("dw_"))
            let object = try JSONSerialization.jsonObject(with: response.data) as? [String: Any]
            let rows = try #require(object?["tokens"] as? [[String: Any]])
            for row in rows {
                #expect(Set(row.keys).isSubset(of: ["id", "label", "createdAt", "lastUsedAt"]), "\(row.keys)")
            }
        }
    }

    @Test func createdTokenIsShownOnceAndWorks() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")

            let response = try await client.send(.post, "/v1/tokens", token: token, json: TokenCreateRequest(label: " iPhone "))

            #expect(response.status == .created)
            let created = try response.decode(NewToken.self)
            #expect(created.info.label == "iPhone")
            let me = try await client.send(.get, "/v1/me", token: created.token).decode(MeBody.self)
            #expect(me.tokenId == created.info.id)
            #expect(me.user.username == "alice")
            let listed = try await client.send(.get, "/v1/tokens", token: token)
            #expect(try listed.decode(TokenListBody.self).tokens.contains { $0.id == created.info.id })
            #expect(!listed.text.contains(created.token))
        }
    }

    @Test func emptyLabelIs400() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let response = try await client.send(.post, "/v1/tokens", token: token, json: TokenCreateRequest(label: "  "))
            try expectError(response, .badRequest, .missingField, field: "label")
            #expect(try await client.send(.get, "/v1/tokens", token: token).decode(TokenListBody.self).tokens.count == 1)
        }
    }

    @Test func revokedTokenIsRefusedAtOnce() async throws {
        try await TestServer.run { _, client in
            // Given two tokens, one of them just used (so it sits in the authenticator's cache)
            let keeper = try await client.signIn("alice")
            let doomed = try await client.signIn("alice")
            let doomedID = try await client.send(.get, "/v1/me", token: doomed).decode(MeBody.self).tokenId

            // When it is revoked
            let revoke = try await client.send(.delete, "/v1/tokens/\(doomedID)", token: keeper)

            // Then it stops working immediately, and the other one still works
            #expect(revoke.status == .noContent)
            let refused = try await client.send(.get, "/v1/me", token: doomed)
            try expectError(refused, .unauthorized, .unauthorized)
            #expect(try await client.send(.get, "/v1/me", token: keeper).status == .ok)
            let remaining = try await client.send(.get, "/v1/tokens", token: keeper).decode(TokenListBody.self).tokens
            #expect(!remaining.contains { $0.id == doomedID })
        }
    }

    @Test func aTokenCanRevokeItself() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let id = try await client.send(.get, "/v1/me", token: token).decode(MeBody.self).tokenId

            #expect(try await client.send(.delete, "/v1/tokens/\(id)", token: token).status == .noContent)

            try expectError(try await client.send(.get, "/v1/items", token: token), .unauthorized, .unauthorized)
        }
    }

    @Test func revokingAnotherUsersTokenIs404AndLeavesItWorking() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let bobsTokenID = try await client.send(.get, "/v1/me", token: bob).decode(MeBody.self).tokenId

            let response = try await client.send(.delete, "/v1/tokens/\(bobsTokenID)", token: alice)

            try expectError(response, .notFound, .notFound)
            #expect(try await client.send(.get, "/v1/me", token: bob).status == .ok)
        }
    }

    @Test(arguments: [UUID().uuidString, "not-a-uuid"])
    func revokingAnUnknownTokenIs404(_ id: String) async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try expectError(try await client.send(.delete, "/v1/tokens/\(id)", token: token), .notFound, .notFound)
        }
    }
}
