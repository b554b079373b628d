import Foundation
import Testing

/// Today's dwall opens the data every released version wrote (`Tests/Fixtures/schema`, made by
/// each version's own code), migrates it, serves everything that was there as it was served, and
/// goes on sharing, editing and deleting.
@Suite struct SchemaFixtureTests {
    /// The releases CI accepted (stops 10, 11 and 23); a release adds its name here with its fixture.
    static let releases: Set<String> = ["2026-11-22-dbf1bfa", "2026-11-23-aa3d649", "2026-11-25-57b383c"]

    @Test func everyReleasedVersionHasAFixture() {
        #expect(Set(SchemaFixture.names).isSuperset(of: Self.releases), "\(SchemaFixture.names)")
        #expect(SchemaFixture.all.filter { $0.storage == .sqlite }.count == SchemaFixture.names.count)
    }

    @Test(arguments: SchemaFixture.all)
    func todaysDwallServesWhatAReleasedVersionStoredAndGoesOnWorking(_ fixture: SchemaFixture) async throws {
        let manifest = try fixture.manifest()
        let server = try fixture.workingCopy()
        defer {
            server.cleanUp()
            TestPostgres.drop(server.databaseURL)
        }
        try server.start()

        // Then every user's items, walls, tokens and events are served as the old server served them
        let users = try #require(manifest["users"] as? [String: [String: Any]])
        #expect(users.keys.sorted() == ["alice", "bob"])
        let pending = manifest["pendingItem"] as? String
        for (name, served) in users.sorted(by: { $0.key < $1.key }) {
            try await expectServes(served, user: name, pendingItem: pending, server: server)
        }
        let alice = HTTPClient(baseURL: server.baseURL, token: try Self.cliToken(users["alice"]))

        // And every file and thumbnail is the old server's bytes, byte for byte
        let files = manifest["files"] as? [String: [String: Any]] ?? [:]
        for (id, file) in files.sorted(by: { $0.key < $1.key }) {
            let bytes = try await alice.send("GET", "/v1/items/\(id)/file")
            #expect(bytes.status == 200)
            #expect(bytes.body.count == file["bytes"] as? Int)
            let stored = try fixture.blob(file["sha256"] as? String)
            #expect(bytes.body == stored, "\(id)'s file")
            if let thumbnail = file["thumbnailSha256"] as? String {
                let served = try await alice.send("GET", "/v1/items/\(id)/thumbnail")
                let stored = try fixture.blob(thumbnail)
                #expect(served.status == 200 && served.body == stored, "\(id)'s thumbnail")
            }
        }

        // And the password, the revoked token and the browser session are as they were
        try await expectSignIns(manifest, users: users, server: server)

        // And sharing, editing, deleting and resending work on the upgraded data
        try await expectWorks(manifest, alice: alice, bob: HTTPClient(baseURL: server.baseURL, token: try Self.cliToken(users["bob"])))
    }

    /// An admin command of a new binary, run before the new server (from cron, say), finds an
    /// older release's database: it refuses and changes nothing, so the old server still running
    /// on it is not upgraded under its feet; once the new server has upgraded it, the command runs.
    @Test(arguments: SchemaFixture.all.filter { $0.name == "2026-11-23-aa3d649" })
    func anAdminCommandLeavesAnOlderDatabaseForTheServerToUpgrade(_ fixture: SchemaFixture) throws {
        let server = try fixture.workingCopy()
        defer {
            server.cleanUp()
            TestPostgres.drop(server.databaseURL)
        }
        let refused = try server.admin(["token", "list", "--user", "alice"])
        #expect(refused.status != 0)
        #expect(refused.errorOutput.contains("older than this dwall"), "\(refused.errorOutput)")
        #expect(refused.errorOutput.contains("Nothing was changed"), "\(refused.errorOutput)")

        try server.start()
        let listed = try server.admin(["token", "list", "--user", "alice"])
        #expect(listed.status == 0, "\(listed.errorOutput)")
        #expect(!listed.output.isEmpty)
    }

    private func expectServes(_ served: [String: Any], user: String, pendingItem: String?, server: ServerProcess) async throws {
        let tokens = Self.tokens(served)
        let client = HTTPClient(baseURL: server.baseURL, token: try Self.cliToken(served))
        for (label, token) in tokens.sorted(by: { $0.key < $1.key }) {
            let me = try await HTTPClient(baseURL: server.baseURL, token: token).send("GET", "/v1/me")
            #expect(me.status == 200, "\(user)'s \(label) token")
            // The same person behind every token (`tokenId` names the token asked with).
            let meChanges = JSONSubset.differences(served["me"] as Any, try JSONSubset.parse(me.body), ignoring: label == "cli" ? [] : ["tokenId"])
            #expect(meChanges.isEmpty, "\(user) /v1/me with the \(label) token: \(meChanges)")
        }
        let walls = try await client.send("GET", "/v1/walls")
        let wallChanges = JSONSubset.differences(served["walls"] as Any, try JSONSubset.parse(walls.body))
        #expect(wallChanges.isEmpty, "\(user)'s walls: \(wallChanges)")
        let tokenList = try await client.send("GET", "/v1/tokens")
        let tokenChanges = JSONSubset.differences(served["tokens"] as Any, try JSONSubset.parse(tokenList.body), ignoring: ["lastUsedAt"])
        #expect(tokenChanges.isEmpty, "\(user)'s tokens: \(tokenChanges)")

        // Items: the same ones in the same order, every field the old server sent unchanged (the
        // one whose preview was still waiting may have been settled by today's job runner since).
        let oldItems = served["items"] as? [[String: Any]] ?? []
        let items = try await Self.allItems(client)
        #expect(items.map { $0["id"] as? String } == oldItems.map { $0["id"] as? String }, "\(user)'s items")
        for (old, new) in zip(oldItems, items) {
            let ignoring: Set<String> = old["id"] as? String == pendingItem ? ["state", "updatedAt", "preview"] : []
            let changes = JSONSubset.differences(old, new, ignoring: ignoring)
            #expect(changes.isEmpty, "\(user)'s item \(old["id"] ?? ""): \(changes)")
        }

        // Events: the log replays from the start as before (today's may have added to its end).
        let oldEvents = served["events"] as? [[String: Any]] ?? []
        let last = try #require(oldEvents.last?["id"] as? String)
        let stream = try EventStreamReader(port: server.port, token: try Self.cliToken(served), path: "/v1/events?lastEventId=0")
        #expect(stream.waitForEvent(id: last, timeout: 30), "\(user)'s events up to \(last): \(stream.receivedText)")
        let events = stream.events
        stream.stop()
        #expect(events.count >= oldEvents.count, "\(user)'s events: \(events.map { "\($0.id ?? "") \($0.event ?? "")" })")
        for (old, new) in zip(oldEvents, events) {
            #expect(new.id == old["id"] as? String && new.event == old["event"] as? String, "\(user)'s event \(old["id"] ?? "")")
            let data = old["data"] as? [String: Any] ?? [:]
            let ignoring: Set<String> = data["itemId"] as? String == pendingItem ? ["state", "updatedAt", "preview"] : []
            let changes = JSONSubset.differences(data, try JSONSubset.parse(Data(new.data.utf8)), ignoring: ignoring)
            #expect(changes.isEmpty, "\(user)'s event \(old["id"] ?? ""): \(changes)")
        }
    }

    private func expectSignIns(_ manifest: [String: Any], users: [String: [String: Any]], server: ServerProcess) async throws {
        let anyone = HTTPClient(baseURL: server.baseURL)
        for (name, served) in users.sorted(by: { $0.key < $1.key }) {
            let body = try JSONSerialization.data(withJSONObject: ["username": name, "password": served["password"] ?? "", "label": "after upgrade"])
            let signedIn = try await anyone.send("POST", "/v1/auth/token", json: body)
            #expect(signedIn.status == 200 || signedIn.status == 201, "\(name) signs in with the old password")
            let token = try #require((try JSONSubset.parse(signedIn.body) as? [String: Any])?["token"] as? String)
            #expect(try await HTTPClient(baseURL: server.baseURL, token: token).send("GET", "/v1/me").status == 200)
        }
        let revoked = HTTPClient(baseURL: server.baseURL, token: try #require(manifest["revokedToken"] as? String))
        #expect(try await revoked.send("GET", "/v1/me").status == 401, "a token revoked before the upgrade stays revoked")

        if let cookie = manifest["webSession"] as? String {
            let page = try await anyone.send("GET", "/", headers: ["Cookie": cookie])
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(page.status == 200 && html.contains("A long read about wells"), "the browser stays signed in to its wall")
        }
    }

    private func expectWorks(_ manifest: [String: Any], alice: HTTPClient, bob: HTTPClient) async throws {
        let shares = manifest["shares"] as? [[String: Any]] ?? []
        let deleted = Set(manifest["deletedItems"] as? [String] ?? [])
        let first = try #require(shares.first { $0["user"] as? String == "alice" && !deleted.contains($0["itemId"] as? String ?? "") })
        let firstID = try #require(first["itemId"] as? String)

        // A share sent again before the upgrade is recognised: the same item, not a second one
        let resent = try await alice.send("POST", "/v1/share", json: try JSONSerialization.data(withJSONObject: first["request"] ?? [:]))
        #expect(resent.status == 200)
        #expect(((try JSONSubset.parse(resent.body) as? [String: Any])?["item"] as? [String: Any])?["id"] as? String == firstID)
        if let gone = shares.first(where: { deleted.contains($0["itemId"] as? String ?? "") }) {
            let again = try await alice.send("POST", "/v1/share", json: try JSONSerialization.data(withJSONObject: gone["request"] ?? [:]))
            #expect(again.status == 409, "a resend of a share deleted before the upgrade stays deleted")
        }

        // The old search index finds old items
        let found = try JSONSubset.parse(try await alice.send("GET", "/v1/items?q=wells").body) as? [String: Any]
        #expect((found?["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }.contains(firstID) == true, "search finds an old item")

        // New shares: a link and a picture
        let link = try await alice.send("POST", "/v1/share", json: Data(#"{"id":"\#(UUID().uuidString)","contentType":"url","url":"https://example.com/after-the-upgrade","userNote":"new"}"#.utf8))
        #expect(link.status == 201)
        let png = try Self.picture()
        let picture = try await alice.shareFile(png, name: "after.png", contentType: "image/png")
        #expect(picture.status == 201)
        let pictureID = try #require(((try JSONSubset.parse(picture.body) as? [String: Any])?["item"] as? [String: Any])?["id"] as? String)
        #expect(try await alice.send("GET", "/v1/items/\(pictureID)/file").body == png)

        // An old item edited, another deleted; another user's item stays out of reach
        let edit = try await alice.send("PATCH", "/v1/items/\(firstID)", json: Data(#"{"userNote":"Edited after the upgrade"}"#.utf8))
        #expect(edit.status == 200)
        let edited = try JSONSubset.parse(try await alice.send("GET", "/v1/items/\(firstID)").body) as? [String: Any]
        #expect(edited?["userNote"] as? String == "Edited after the upgrade")
        let victim = try #require(shares.last { $0["user"] as? String == "alice" && $0["itemId"] as? String != firstID
            && !deleted.contains($0["itemId"] as? String ?? "") }?["itemId"] as? String)
        let removal = try await alice.send("DELETE", "/v1/items/\(victim)")
        #expect(removal.status == 200 || removal.status == 204)
        #expect(try await alice.send("GET", "/v1/items/\(victim)").status == 404)
        #expect(try await bob.send("GET", "/v1/items/\(firstID)").status == 404)
    }

    /// The user's live API tokens by label, in plain text (fixture-only secrets).
    private static func tokens(_ served: [String: Any]?) -> [String: String] {
        served?["liveTokens"] as? [String: String] ?? [:]
    }

    /// The token `dwall token create` made for the user.
    private static func cliToken(_ served: [String: Any]?) throws -> String {
        guard let token = tokens(served)["cli"] else { throw ProcessFailure("the manifest has no cli token") }
        return token
    }

    /// Every item on the caller's walls as JSON, following cursors to the end.
    private static func allItems(_ client: HTTPClient) async throws -> [[String: Any]] {
        var items: [[String: Any]] = []
        var cursor: String?
        repeat {
            let query = "/v1/items?limit=50" + (cursor.map { "&cursor=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? "")
            let page = try JSONSubset.parse(try await client.send("GET", query).body) as? [String: Any] ?? [:]
            items += page["items"] as? [[String: Any]] ?? []
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        return items
    }

    /// A 96×64 PNG: the picture stop 11's fixture was filled with (scripts/schema-fixture-fill).
    private static func picture() throws -> Data {
        let sha256 = "ca1898c98adc1d8dd912d02737501729d8b482280b9337a3ec4ce88ceb38b124"
        return try Data(contentsOf: SchemaFixture.root.appendingPathComponent("2026-11-23-aa3d649/sqlite/blobs/sha256/ca/\(sha256)"))
    }
}
