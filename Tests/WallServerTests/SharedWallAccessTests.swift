import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// Who gets what on a shared wall, route by route: Alice's wall "Trip" holds one card of hers;
/// Bob asks as each standing there could be. Each row runs on a fresh server (so a delete that
/// works leaves the next row alone), and after every refusal nothing of Alice's has changed.
@Suite("Shared wall access over HTTP")
struct SharedWallAccessTests {
    /// Bob's standing on Alice's wall.
    enum Standing: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case owner, editor, contributor, viewer, removed, stranger
        var testDescription: String { rawValue }

        /// What `setMember` gives Bob before the row runs (`nil`: nothing).
        var role: WallRole? {
            switch self {
            case .editor: .editor
            case .contributor, .removed: .contributor
            case .viewer: .viewer
            case .owner, .stranger: nil
            }
        }
    }

    /// One request and the status each standing gets.
    struct Route: Sendable {
        var name: String
        var method: HTTPRequest.Method
        var path: @Sendable (_ wall: UUID, _ item: UUID) -> String
        var body: String?
        var expected: [Standing: HTTPResponse.Status]
        /// Whether a success changes Alice's wall (so "nothing changed" is checked only on refusals).
        var writes: Bool
    }

    static let routes: [Route] = [
        Route(name: "GET wall", method: .get, path: { w, _ in "/v1/walls/\(w)" }, body: nil,
              expected: all(.ok, except: [:]), writes: false),
        Route(name: "GET items on the wall", method: .get, path: { w, _ in "/v1/items?wall=\(w)" }, body: nil,
              expected: all(.ok, except: [:]), writes: false),
        Route(name: "GET item", method: .get, path: { _, i in "/v1/items/\(i)" }, body: nil,
              expected: all(.ok, except: [:]), writes: false),
        Route(name: "GET members", method: .get, path: { w, _ in "/v1/walls/\(w)/members" }, body: nil,
              expected: all(.ok, except: [:]), writes: false),
        Route(name: "PATCH item", method: .patch, path: { _, i in "/v1/items/\(i)" }, body: #"{"title":"Changed"}"#,
              expected: all(.ok, except: [.contributor: .forbidden, .viewer: .forbidden]), writes: true),
        Route(name: "DELETE item", method: .delete, path: { _, i in "/v1/items/\(i)" }, body: nil,
              expected: all(.noContent, except: [.contributor: .forbidden, .viewer: .forbidden]), writes: true),
        Route(name: "POST share to the wall", method: .post, path: { _, _ in "/v1/share" }, body: nil,
              expected: all(.created, except: [.viewer: .forbidden]), writes: true),
        Route(name: "POST member", method: .post, path: { w, _ in "/v1/walls/\(w)/members" },
              body: #"{"username":"carol","role":"viewer"}"#,
              expected: all(.forbidden, except: [.owner: .created]), writes: true),
        Route(name: "PATCH wall", method: .patch, path: { w, _ in "/v1/walls/\(w)" }, body: #"{"name":"Bob's"}"#,
              expected: all(.forbidden, except: [.owner: .ok]), writes: true),
        Route(name: "DELETE wall", method: .delete, path: { w, _ in "/v1/walls/\(w)?deleteItems=true" }, body: nil,
              expected: all(.forbidden, except: [.owner: .noContent]), writes: true),
        Route(name: "PATCH another member", method: .patch, path: { w, _ in "/v1/walls/\(w)/members/dave" },
              body: #"{"role":"editor"}"#, expected: all(.forbidden, except: [.owner: .ok]), writes: true),
        Route(name: "DELETE another member", method: .delete, path: { w, _ in "/v1/walls/\(w)/members/dave" }, body: nil,
              expected: all(.forbidden, except: [.owner: .noContent]), writes: true),
        // Leaving: a member may take themselves off; the owner is no member of their own wall.
        Route(name: "DELETE themselves (leave)", method: .delete, path: { w, _ in "/v1/walls/\(w)/members/bob" }, body: nil,
              expected: all(.noContent, except: [.owner: .notFound]), writes: true),
        // Link previews are off on the test server, so whoever sees the card is told so; nobody else learns it exists.
        Route(name: "POST refresh", method: .post, path: { _, i in "/v1/items/\(i)/refresh" }, body: nil,
              expected: all(.conflict, except: [:]), writes: false),
    ]

    /// `status` for every member standing, 404 for the removed member and the stranger, then `except`.
    static func all(
        _ status: HTTPResponse.Status, except: [Standing: HTTPResponse.Status]
    ) -> [Standing: HTTPResponse.Status] {
        var table: [Standing: HTTPResponse.Status] = [:]
        for standing in Standing.allCases {
            table[standing] = [.removed, .stranger].contains(standing) ? .notFound : status
        }
        return table.merging(except) { _, new in new }
    }

    @Test("Each standing gets exactly what its role allows, and a refusal changes nothing",
          arguments: Standing.allCases)
    func accessMatrix(_ standing: Standing) async throws {
        for route in Self.routes {
            try await TestServer.run(users: ["alice", "bob", "carol", "dave"]) { _, client in
                let alice = try await client.signIn("alice")
                let trip = try await client.createWall("Trip", token: alice)
                let card = try await client.shareLink("https://example.com/card", token: alice, title: "Card", wall: "trip")
                let dave = try await client.send(
                    .post, "/v1/walls/\(trip.id)/members", token: alice, json: WallMemberRequest(username: "dave", role: .viewer)
                )
                try #require(dave.status == .created, "\(dave.text)")
                let bob = standing == .owner ? alice : try await client.signIn("bob")
                if let role = standing.role {
                    let added = try await client.send(
                        .post, "/v1/walls/\(trip.id)/members", token: alice,
                        json: WallMemberRequest(username: "bob", role: role)
                    )
                    try #require(added.status == .created, "\(added.text)")
                }
                if standing == .removed {
                    let removed = try await client.send(.delete, "/v1/walls/\(trip.id)/members/bob", token: alice)
                    try #require(removed.status == .noContent)
                }
                let before = try await client.allItems(token: alice, query: "wall=\(trip.id)")
                let membersBefore = try await Self.members(trip.id, client: client, token: alice)

                let body = route.body ?? (route.name.hasPrefix("POST share")
                    ? #"{"id":"\#(UUID())","contentType":"url","url":"https://example.com/bobs","wall":"\#(trip.id)"}"# : nil)
                let response = try await client.send(route.method, route.path(trip.id, card.item.id), token: bob, body: body)

                let expected = try #require(route.expected[standing])
                #expect(response.status == expected, "\(route.name) as \(standing): \(response.text)")
                if expected == .forbidden { try expectError(response, .forbidden, .forbidden) }
                if expected == .notFound { try expectError(response, .notFound, .notFound) }
                if !(200..<300).contains(expected.code) || !route.writes {
                    #expect(try await client.allItems(token: alice, query: "wall=\(trip.id)") == before,
                            "\(route.name) as \(standing) changed the wall")
                    #expect(try await client.wall(trip.id.uuidString, token: alice).name == "Trip")
                    #expect(try await Self.members(trip.id, client: client, token: alice) == membersBefore,
                            "\(route.name) as \(standing) changed who the wall is shared with")
                }
            }
        }
    }

    /// Who `wall` is shared with, and as what, as its owner sees it.
    static func members(_ wall: UUID, client: some TestClientProtocol, token: String) async throws -> [String: WallRole] {
        let list = try await client.send(.get, "/v1/walls/\(wall)/members", token: token).decode(WallMemberList.self)
        return Dictionary(uniqueKeysWithValues: list.members.map { ($0.username, $0.role) })
    }

    @Test("A card a member adds says who added it, to the owner and to the member")
    func attribution() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let trip = try await client.createWall("Trip", token: alice)
            _ = try await client.send(
                .post, "/v1/walls/\(trip.id)/members", token: alice, json: WallMemberRequest(username: "bob", role: .contributor)
            )

            let shared = try await client.shareLink("https://example.com/hostel", token: bob, wall: trip.id.uuidString)

            #expect(shared.item.addedBy == "bob")
            #expect(try await client.item(shared.item.id, token: alice).decode(Item.self).addedBy == "bob")
            let bobsWalls = try await WallsTests.walls(client, token: bob)
            #expect(bobsWalls.first { $0.id == trip.id }?.owner == "alice")
            #expect(bobsWalls.first { $0.id == trip.id }?.role == .contributor)
            let members = try await client.send(.get, "/v1/walls/\(trip.id)/members", token: bob).decode(WallMemberList.self)
            #expect(members.members.map(\.username) == ["bob"])
        }
    }

    @Test("A picture on a shared wall is served to its members only, and a member's upload lands there")
    func filesFollowTheWall() async throws {
        try await TestServer.run(users: ["alice", "bob", "carol"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let carol = try await client.signIn("carol")
            let trip = try await client.createWall("Trip", token: alice)
            _ = try await client.send(
                .post, "/v1/walls/\(trip.id)/members", token: alice, json: WallMemberRequest(username: "bob", role: .viewer)
            )
            let picture = try TestFiles.png()
            let form = try TestMultipart.share([("photo.png", picture)], wall: "trip")
            let shared = try await client.shareFiles(form, token: alice)
            let item = try shared.decode(ShareResponse.self).item

            let asMember = try await client.itemFile(item.id, token: bob)
            #expect(asMember.status == .ok)
            #expect(Array(asMember.body.readableBytesView) == picture)
            #expect(try await client.itemFile(item.id, token: carol).status == .notFound)
            let viewerUpload = try await client.shareFiles(
                try TestMultipart.share([("mine.png", picture)], wall: trip.id.uuidString), token: bob
            )
            try expectError(viewerUpload, .forbidden, .forbidden)

            _ = try await client.send(
                .post, "/v1/walls/\(trip.id)/members", token: alice, json: WallMemberRequest(username: "bob", role: .contributor)
            )
            let upload = try await client.shareFiles(
                try TestMultipart.share([("mine.png", picture)], wall: trip.id.uuidString), token: bob
            )
            #expect(upload.status == .created, "\(upload.text)")
            let bobsPicture = try upload.decode(ShareResponse.self).item
            #expect(bobsPicture.wallId == trip.id)
            #expect(bobsPicture.addedBy == "bob")
            #expect(try await client.itemFile(bobsPicture.id, token: alice).status == .ok)

            _ = try await client.send(.delete, "/v1/walls/\(trip.id)/members/bob", token: alice)
            #expect(try await client.itemFile(item.id, token: bob).status == .notFound)
        }
    }

    @Test("The extension's lookup finds a link on a shared wall for its members only")
    func lookupFollowsTheWall() async throws {
        try await TestServer.run(users: ["alice", "bob", "carol"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let carol = try await client.signIn("carol")
            let trip = try await client.createWall("Trip", token: alice)
            _ = try await client.send(
                .post, "/v1/walls/\(trip.id)/members", token: alice, json: WallMemberRequest(username: "bob", role: .viewer)
            )
            let card = try await client.shareLink("https://example.com/lookup", token: alice, wall: "trip")
            let url = "https://example.com/lookup"

            let asMember = try await LookupAndMetaTests.lookup(url, client: client, token: bob)
                .decode(LookupAndMetaTests.Lookup.self)
            let asStranger = try await LookupAndMetaTests.lookup(url, client: client, token: carol)
                .decode(LookupAndMetaTests.Lookup.self)

            #expect(asMember.items.map(\.id) == [card.item.id])
            #expect(asMember.saved)
            #expect(asStranger.items.isEmpty)
            #expect(!asStranger.saved)
        }
    }
}
