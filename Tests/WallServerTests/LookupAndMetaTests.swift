import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore
import WallServer

/// `GET /v1/items/lookup?url=` (is this page on my wall, by its canonical link; owner-only) and
/// `GET /v1/meta` (which API the server speaks, for clients that check they fit).
@Suite struct LookupAndMetaTests {
    struct Lookup: Decodable {
        var canonicalUrl: String
        var saved: Bool
        var items: [Item]
    }

    struct Meta: Decodable {
        struct Limits: Decodable {
            var maxJSONBodyBytes: Int
            var maxUploadBytes: Int
            var maxPageSnapshotHTMLBytes: Int
        }
        var name: String
        var version: String
        var apiVersion: Int
        var features: [String]
        var limits: Limits
    }

    static func lookup(_ url: String, client: some TestClientProtocol, token: String?) async throws -> TestResponse {
        let escaped = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
        return try await client.send(.get, "/v1/items/lookup?url=\(escaped)", token: token)
    }

    @Test func lookupFindsTheOwnersItemByItsCanonicalLinkOnAnyWall() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let before = try await Self.lookup("https://example.com/a", client: client, token: alice)
            #expect(before.status == .ok)
            #expect(try before.decode(Lookup.self).saved == false)

            _ = try await client.createWall("Reading", token: alice)
            let onDefault = try await client.shareLink("https://example.com/a?utm_source=feed", token: alice)
            let onReading = try await client.shareLink("https://EXAMPLE.com/a#section", token: alice, wall: "reading")

            let found = try await Self.lookup("https://example.com/a", client: client, token: alice).decode(Lookup.self)
            #expect(found.saved)
            #expect(Set(found.items.map(\.id)) == [onDefault.item.id, onReading.item.id])
            #expect(found.items.first?.id == onReading.item.id, "newest first")

            let other = try await Self.lookup("https://example.com/b", client: client, token: alice).decode(Lookup.self)
            #expect(!other.saved && other.items.isEmpty)
            let bobs = try await Self.lookup("https://example.com/a", client: client, token: bob).decode(Lookup.self)
            #expect(!bobs.saved && bobs.items.isEmpty, "another user's items are not found")
        }
    }

    @Test func lookupRefusesAMissingOrBadURLAndAnonymousCallers() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try expectError(try await client.send(.get, "/v1/items/lookup", token: token), .badRequest, .missingField, field: "url")
            _ = try expectError(
                try await Self.lookup("ftp://example.com/x", client: client, token: token), .badRequest, .invalidField, field: "url"
            )
            _ = try expectError(try await Self.lookup("https://example.com/a", client: client, token: nil), .unauthorized, .unauthorized)
        }
    }

    @Test func metaSaysWhichAPITheServerSpeaksWithoutSigningIn() async throws {
        try await TestServer.run { _, client in
            let response = try await client.send(.get, "/v1/meta")
            #expect(response.status == .ok)
            let meta = try response.decode(Meta.self)
            #expect(meta.name == "dwall")
            #expect(meta.apiVersion == APIVersion.major)
            #expect(meta.features.contains("page_snapshot") && meta.features.contains("items_lookup"))
            #expect(meta.limits.maxJSONBodyBytes == Limits.maxJSONBodyBytes)
            #expect(meta.limits.maxPageSnapshotHTMLBytes == Limits.maxPageSnapshotHTMLBytes)
            #expect(meta.limits.maxUploadBytes > 0)
        }
    }

    @Test func metaNamesTheReleaseTheServerRuns() async throws {
        try await TestServer.run { _, client in
            let response = try await client.send(.get, "/v1/meta")
            #expect(response.status == .ok)
            #expect(try response.decode(Meta.self).version == ReleaseVersion.current)
            #expect(!ReleaseVersion.current.isEmpty)
        }
    }
}
