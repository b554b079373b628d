import Foundation
import Testing
import WallCore

/// Kill the real server with SIGKILL in the middle of concurrent shares, restart it, and check
/// that every acknowledged share is there exactly once and that replaying it changes nothing;
/// on SQLite, and on PostgreSQL when the run has a server.
@Suite(.serialized) struct DurabilityTests {
    @Test(arguments: TestStorage.available)
    func everyAcknowledgedShareSurvivesSigkillExactlyOnce(storage: TestStorage) async throws {
        let database = try storage.makeDatabase()
        defer { TestPostgres.drop(database) }
        let server = try ServerProcess(databaseURL: database)
        defer { server.cleanUp() }
        let token = try server.makeUser()
        try server.start()
        let client = HTTPClient(baseURL: server.baseURL, token: token)

        // When: 32 clients share while the server is killed once 400 shares are acknowledged.
        let killAt = 400
        let killed = Locked(false)
        let acks = await ShareLoad(client: client, workers: 32).run { count in
            let shouldKill = killed.withLock { done -> Bool in
                guard count >= killAt, !done else { return false }
                done = true
                return true
            }
            if shouldKill { _ = try? server.stop(signal: SIGKILL) }
            return false
        }
        let acknowledged = await acks.acknowledged
        let attempted = await acks.attempted
        #expect(acknowledged.count >= killAt)
        #expect(attempted > acknowledged.count, "some shares should have been in flight when the server died")

        // Then: after a restart every acknowledged share is on the wall exactly once.
        try server.start()
        let restarted = HTTPClient(baseURL: server.baseURL, token: token)
        let items = try await restarted.allItems()
        var countsByURL: [String: Int] = [:]
        for item in items { countsByURL[item.url ?? "", default: 0] += 1 }
        for (shareID, ack) in acknowledged {
            #expect(countsByURL[ack.url] == 1, "share \(shareID) (\(ack.url)) is on the wall \(countsByURL[ack.url] ?? 0) times")
        }
        #expect(items.count <= attempted)
        #expect(countsByURL.values.allSatisfy { $0 == 1 })

        // And: replaying acknowledged shares answers 200 with the same item and adds nothing.
        for (shareID, ack) in acknowledged.prefix(50) {
            let replay = try await restarted.share(ShareRequest(
                id: shareID, contentType: .url, url: ack.url, title: "Load \(Self.suffix(of: ack.url))", source: .api
            ))
            #expect(replay.status == 200)
            #expect(try replay.decode(ShareResponse.self).item.id == ack.itemID)
        }
        #expect(try await restarted.allItems().count == items.count)
        try server.stop()
    }

    /// "https://example.com/load/3/17" → "3-17", the title `ShareLoad` gave that share.
    static func suffix(of url: String) -> String {
        url.split(separator: "/").suffix(2).joined(separator: "-")
    }
}
