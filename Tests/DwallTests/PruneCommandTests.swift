import Foundation
import Testing
import WallCore

/// `dwall prune` removes now, beside a running server, what the server would remove within the hour.
@Suite struct PruneCommandTests {
    @Test func pruningBesideARunningServerTellsAClientResumingFromBeforeTheHorizonToReload() async throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        try server.start()
        let client = HTTPClient(baseURL: server.baseURL, token: try server.makeUser("erin"))
        for index in 0..<3 {
            let body = Data(#"{"id":"\#(UUID().uuidString)","contentType":"text","text":"passage \#(index)"}"#.utf8)
            #expect(try await client.send("POST", "/v1/share", json: body).status == 201)
        }
        // Given a month gone by: the events' clock is moved back 31 days in the database
        try Self.ageEvents(in: server.dataDirectory + "/wall.sqlite", days: 31)

        // When the horizon asked for is out of range, nothing is pruned and the log replays whole
        let refused = try server.admin(["prune", "--keep-events-days", "0"])
        #expect(refused.status != 0)
        #expect(refused.errorOutput.contains("--keep-events-days must be 1 to 3650"), "\(refused.errorOutput)")
        let whole = try EventStreamReader(port: server.port, token: try #require(client.token), path: "/v1/events?lastEventId=0")
        #expect(whole.waitForText("event: item.created", timeout: 30))
        #expect(!whole.receivedText.contains("event: reset"))
        whole.stop()

        // Then a prune with the server's horizon removes every event but the newest
        let pruned = try server.admin(["prune"])
        #expect(pruned.status == 0, "\(pruned.errorOutput)")
        #expect(pruned.output.hasPrefix("Pruned 2 events, 0 dead jobs"), "\(pruned.output)")
        // And a client resuming from the start is told to reload instead of missing them
        let resumed = try EventStreamReader(port: server.port, token: try #require(client.token), path: "/v1/events?lastEventId=0")
        #expect(resumed.waitForText("event: reset", timeout: 30))
        resumed.stop()
        #expect(try server.admin(["prune"]).output.hasPrefix("Pruned 0 events"))
        try server.stop()
    }

    private static func ageEvents(in database: String, days: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=30)
            db.execute("UPDATE events SET created_at = created_at - ?", (int(sys.argv[2]) * 86400000,))
            db.commit()
            """, database, String(days)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ProcessFailure("could not age the events") }
    }
}
