import Foundation
import Testing
import WallCore

/// `dwall wall` against a real server: alice shares a wall with bob from the terminal, bob sees
/// it and adds to it with `dwall share --wall ID`, and alice takes him off again.
@Suite(.serialized) struct WallCommandTests {
    @Test func shareAWallFromTheTerminal() async throws {
        let server = try ServerProcess()
        let alice = try ClientSession()
        let bob = try ClientSession()
        defer { server.cleanUp(); alice.cleanUp(); bob.cleanUp() }
        let alicesToken = try server.makeUser("alice")
        let bobsToken = try server.makeUser("bob")
        try server.start()
        try alice.login(server)
        try bob.login(server, user: "bob")
        let aliceAPI = HTTPClient(baseURL: server.baseURL, token: alicesToken)
        let made = try await aliceAPI.send("POST", "/v1/walls", json: Data(#"{"name":"Trip"}"#.utf8))
        let trip = try WallJSON.decoder().decode(Wall.self, from: made.body)

        let shared = try alice.run(["wall", "share", "trip", "bob", "--role", "contributor"])
        #expect(shared.status == 0, "\(shared.errorOutput)")
        #expect(shared.output.contains("Shared with bob as contributor"))
        #expect(try alice.run(["wall", "members", "Trip"]).output == "bob\tcontributor")

        let listed = try bob.run(["wall", "list"])
        #expect(listed.output.contains("Trip\t0 items\tshared by alice, you are contributor"), "\(listed.output)")
        let posted = try bob.run(["share", "https://example.com/hostel", "--wall", trip.id.uuidString])
        #expect(posted.status == 0, "\(posted.errorOutput)")
        let onTrip = try await aliceAPI.allItems().filter { $0.wallId == trip.id }
        #expect(onTrip.map(\.addedBy) == ["bob"])

        let refused = try bob.run(["wall", "share", trip.id.uuidString, "alice", "--role", "viewer"])
        #expect(refused.status != 0)
        #expect(refused.errorOutput.contains("owner"), "\(refused.errorOutput)")

        #expect(try alice.run(["wall", "unshare", "trip", "bob"]).status == 0)
        #expect(try alice.run(["wall", "members", "trip"]).output == "Not shared with anyone.")
        let bobsView = HTTPClient(baseURL: server.baseURL, token: bobsToken)
        #expect(try await bobsView.send("GET", "/v1/walls/\(trip.id.uuidString)").status == 404)
        #expect(try bob.run(["wall", "list"]).output.contains("Trip") == false)

        // A secret link from the terminal: printed once, listed by id, revoked.
        let linked = try alice.run(["wall", "link", "trip"])
        #expect(linked.status == 0, "\(linked.errorOutput)")
        let url = try #require(URL(string: linked.output))
        #expect(try await HTTPClient(baseURL: server.baseURL, token: nil).send("GET", url.path).status == 200)
        let links = try alice.run(["wall", "links", "trip"]).output
        let linkID = try #require(links.split(separator: "\t").first.map(String.init))
        #expect(try alice.run(["wall", "unlink", "trip", linkID]).status == 0)
        #expect(try await HTTPClient(baseURL: server.baseURL, token: nil).send("GET", url.path).status == 404)
        try server.stop()
    }
}
