import Foundation
import ShareKit
import Testing
import WallCore

/// The client commands against a real server: login, share, ls, search, outbox, logout, and the
/// exit statuses scripts rely on.
@Suite(.serialized) struct ClientCommandTests {
    @Test func signInShareReadAndSignOut() async throws {
        let server = try ServerProcess()
        let client = try ClientSession()
        defer { server.cleanUp(); client.cleanUp() }
        _ = try server.makeUser()
        try server.start()
        try client.login(server)
        let credentialsFile = ClientPaths(environment: client.environment).credentialsFile
        #expect((try FileManager.default.attributesOfItem(atPath: credentialsFile.path)[.posixPermissions] as? Int) == 0o600)

        // Share a link, a passage (JSON output) and a link from standard input.
        let link = try client.run(["share", "https://swift.org/blog/", "--title", "Swift blog", "--note", "read", "--tag", "Swift"])
        #expect(link.status == 0, "\(link.errorOutput)")
        #expect(link.output.hasPrefix("saved "))
        let linkID = String(link.output.dropFirst("saved ".count))
        let passage = try client.run(["share", "--text", "A passage worth keeping", "--json"])
        #expect(passage.status == 0)
        let output = try WallJSON.decoder().decode(ShareResult.self, from: Data(passage.output.utf8))
        #expect(output.status == "saved" && output.itemId != nil)
        let piped = try client.run(["share", "-", "--wall", "inbox"], input: "  https://example.com/piped\n")
        #expect(piped.status == 0 && piped.output.hasPrefix("saved "))

        // Read them back.
        let listed = try client.run(["ls", "--json"])
        let page = try WallJSON.decoder().decode(ItemPage.self, from: Data(listed.output.utf8))
        #expect(page.items.map(\.kind) == [.url, .text, .url])
        #expect(page.items.last?.title == "Swift blog" && page.items.last?.tags == ["swift"] && page.items.last?.userNote == "read")
        #expect(page.items.last?.source == .cli)
        let plain = try client.run(["ls", "--limit", "2"])
        #expect(plain.output.split(separator: "\n").count == 2)
        #expect(plain.errorOutput.contains("--cursor"), "a next page is pointed out")
        #expect(try client.run(["ls"]).output.contains(linkID))
        let found = try client.run(["search", "passage", "--json"])
        #expect(try WallJSON.decoder().decode(ItemPage.self, from: Data(found.output.utf8)).items.map(\.text) == ["A passage worth keeping"])
        #expect(try client.outbox() == OutboxSnapshot())

        // The search language, and a saved search (smart wall) listed by its slug.
        let operators = try client.run(["search", "tag:swift -kind:text", "--json"])
        #expect(try WallJSON.decoder().decode(ItemPage.self, from: Data(operators.output.utf8)).items.map { $0.id.uuidString.lowercased() } == [linkID.lowercased()])
        let unreadable = try client.run(["search", "colour:red"])
        #expect(unreadable.status != 0 && unreadable.errorOutput.contains("colour"), "\(unreadable.errorOutput)")
        let token = try FileCredentialStore(file: credentialsFile).load()!.token
        let saved = try await HTTPClient(baseURL: server.baseURL, token: token)
            .send("POST", "/v1/searches", json: Data(#"{"name": "Swift links", "query": "tag:swift kind:link"}"#.utf8))
        #expect(saved.status == 201)
        let smart = try client.run(["ls", "--search", "swift-links", "--json"])
        #expect(try WallJSON.decoder().decode(ItemPage.self, from: Data(smart.output.utf8)).items.map { $0.id.uuidString.lowercased() } == [linkID.lowercased()])

        // Sign out: the token is revoked on the server and forgotten here.
        let logout = try client.run(["logout"])
        #expect(logout.status == 0)
        #expect(try await HTTPClient(baseURL: server.baseURL, token: token).send("GET", "/v1/me").status == 401)
        let signedOut = try client.run(["share", "https://example.com/after"])
        #expect(signedOut.status == 77)
        #expect(signedOut.errorOutput.contains("dwall login"))
        try server.stop()
    }

    @Test func refusalsExitNonZeroAndStoreNothing() async throws {
        let server = try ServerProcess()
        let client = try ClientSession()
        defer { server.cleanUp(); client.cleanUp() }
        _ = try server.makeUser()
        try server.start()

        let wrong = try client.run(["login", "--server", server.baseURL.absoluteString, "--user", "alice", "--password-stdin"], input: "wrong password\n")
        #expect(wrong.status == 77)
        #expect(wrong.errorOutput.contains("wrong"))
        try client.login(server)

        let notALink = try client.run(["share", "javascript:alert(1)"])
        #expect(notALink.status == 64)
        let longNote = try client.run(["share", "https://example.com/", "--note", String(repeating: "n", count: Limits.maxNoteLength + 1), "--json"])
        #expect(longNote.status == 1)
        #expect(try WallJSON.decoder().decode(ShareResult.self, from: Data(longNote.output.utf8)).error?.field == "userNote")
        let noSuchWall = try client.run(["share", "https://example.com/", "--wall", "nowhere"])
        #expect(noSuchWall.status == 1)
        #expect(noSuchWall.errorOutput.contains("No such wall"))
        #expect(try client.outbox() == OutboxSnapshot(), "nothing refused is kept")
        let reader = try server.makeToken()
        #expect(try await HTTPClient(baseURL: server.baseURL, token: reader).allItems().isEmpty)

        // An existing token works in place of a password, and is checked before it is kept.
        #expect(try client.run(["login", "--server", server.baseURL.absoluteString, "--token", "dw_not_a_token"]).status == 77)
        let withToken = try client.run(["login", "--server", server.baseURL.absoluteString, "--token", reader])
        #expect(withToken.status == 0 && withToken.output.contains("as alice"))
        #expect(try client.run(["share", "--text", "via an existing token"]).output.hasPrefix("saved "))
        try server.stop()
    }

    @Test func queuedSharesWaitForTheAccountTheyWereMadeFor() async throws {
        let server = try ServerProcess()
        let client = try ClientSession()
        defer { server.cleanUp(); client.cleanUp() }
        let aliceToken = try server.makeUser("alice")
        let bobToken = try server.makeUser("bob")
        try server.start()
        try client.login(server, user: "alice")
        #expect(try client.run(["share", "--queue", "--text", "alice's note to self"]).status == 0)

        // Bob signs in on the same machine: alice's queued share is not sent with his token.
        try client.login(server, user: "bob")
        let bobSync = try client.run(["sync"])
        #expect(bobSync.status == 0, "nothing of bob's is left: \(bobSync.output)")
        #expect(bobSync.output.contains("1 belong to another account"))
        #expect(try await HTTPClient(baseURL: server.baseURL, token: bobToken).allItems().isEmpty)
        #expect(try client.outbox().pending.count == 1)

        try client.login(server, user: "alice")
        #expect(try client.run(["sync"]).status == 0)
        #expect(try await HTTPClient(baseURL: server.baseURL, token: aliceToken).allItems().map(\.text) == ["alice's note to self"])
        try server.stop()
    }

    /// `dwall share --json` output.
    struct ShareResult: Decodable {
        var status: String
        var shareId: UUID
        var itemId: UUID?
        var error: ErrorResult?
    }

    struct ErrorResult: Decodable {
        var code: String
        var field: String?
    }
}

extension ServerProcess {
    /// Another token for the user alice (to read the wall in a test).
    func makeToken(user: String = "alice") throws -> String {
        let token = try admin(["token", "create", "--user", user, "--label", "reader"])
        guard token.status == 0 else { throw ProcessFailure("token create failed: \(token.errorOutput)") }
        return token.output
    }
}
