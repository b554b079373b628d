import Foundation
import Testing
import WallCore

/// A server that answers 429 with `Retry-After` is waited out, not hammered.
@Suite(.serialized) struct RateLimitedSyncTests {
    @Test func syncWaitsOutRateLimitsInsteadOfHammering() async throws {
        let setting = try SignedInClient()
        defer { setting.cleanUp() }
        let (server, client) = (setting.server, setting.client)
        let count = 12
        for index in 0..<count {
            #expect(try client.run(["share", "--queue", "--text", "Queued \(index)"]).status == 0)
        }
        try server.stop()

        // When: the server takes 2 requests a second (burst 2) and sync sends 4 at a time.
        try server.start(extraArguments: setting.address + ["--rate-limit", "2", "--rate-burst", "2"])
        let began = ContinuousClock.now
        let synced = try client.run(["sync", "--concurrency", "4"])
        let seconds = (ContinuousClock.now - began).components.seconds + 1

        // Then: everything arrived, the limit was hit, and each sender got at most one 429 per
        // second it waited (a client that ignored Retry-After would collect hundreds).
        #expect(synced.status == 0, "\(synced.output)\n\(synced.errorOutput)")
        let created = try await ServerMetrics.requests(server, labels: ["route": "/v1/share", "status": "201"])
        let limited = try await ServerMetrics.requests(server, labels: ["route": "/v1/share", "status": "429"])
        print("Rate-limited sync: \(count) shares, \(limited) answered 429, about \(seconds) s")
        #expect(created == count)
        #expect(limited >= 1, "the limit should have been reached")
        #expect(limited <= 4 * Int(seconds), "\(limited) refusals in about \(seconds) s")
        #expect(try await setting.items().count == count)
        try server.stop()
    }
}
