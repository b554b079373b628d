import Foundation
import ShareKit
import Testing
import WallCore

/// Share while the server is down: queued (exit 0); start it; `dwall sync`: saved, once.
@Suite(.serialized) struct OfflineShareTests {
    @Test func aShareMadeWhileTheServerIsDownIsQueuedThenSyncedOnce() async throws {
        let setting = try SignedInClient()
        defer { setting.cleanUp() }
        let (server, client) = (setting.server, setting.client)
        try server.stop()

        // When: shared while the server is down.
        let shared = try client.run(["share", "--text", "Written on a train", "--timeout", "3"])
        #expect(shared.status == 0, "queued is safe, so it exits 0")
        #expect(shared.output.hasPrefix("queued "))
        #expect(shared.errorOutput.contains("dwall sync"))
        let pending = try client.outbox().pending
        #expect(pending.count == 1)
        let queued = try #require(pending.first)
        #expect(shared.output == "queued " + queued.share.id.uuidString.lowercased())
        #expect(queued.attempts == 1 && queued.lastError != nil)
        let listed = try client.run(["outbox"])
        #expect(listed.output.contains("1 pending") && listed.output.contains("Written on a train"))

        let stillDown = try client.run(["sync"])
        #expect(stillDown.status == 75, "still pending: try again later")
        #expect(try client.outbox().pending.count == 1)

        // Then: once the server is back, sync delivers it exactly once.
        try server.start(extraArguments: setting.address)
        let synced = try client.run(["sync"])
        #expect(synced.status == 0, "\(synced.output)\n\(synced.errorOutput)")
        #expect(synced.output.hasPrefix("Sent 1 of 1"))
        #expect(try client.outbox() == OutboxSnapshot())
        let wall = HTTPClient(baseURL: server.baseURL, token: setting.token)
        let items = try await wall.allItems()
        #expect(items.map(\.text) == ["Written on a train"])
        #expect(items.first?.sharedAt == queued.share.timestamp, "the time it was shared, not the time it synced")

        #expect(try client.run(["sync"]).output.hasPrefix("Sent 0 of 0"))
        let replay = try await wall.share(queued.share)
        #expect(replay.status == 200, "the server already holds this share id")
        #expect(try await wall.allItems().count == 1)
        try server.stop()
    }
}
