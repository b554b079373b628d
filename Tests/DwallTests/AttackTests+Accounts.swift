import Foundation
import Testing
import WallCore

/// The floods an account holder can send: uploads held open on every upload route, refreshes.
extension AttackTests {
    /// An upload route, and how to begin a multipart body on it whose first file part has
    /// begun but that never ends.
    enum UploadRoute: CaseIterable {
        case apiShare, legacySaveWithField, legacySaveWithHeader, shareTarget

        /// The request's head and the body's first bytes: text fields, then a file part begun.
        func start(token: String, cookie: String) -> String {
            let file = "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n"
                + String(repeating: "x", count: 2_000)
            func field(_ name: String, _ value: String) -> String {
                "--B\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
            }
            let (path, headers, fields) = switch self {
            case .apiShare:
                ("/v1/share", "Authorization: Bearer \(token)\r\n", field("metadata", #"{"id":"\#(UUID())","contentType":"image"}"#))
            case .legacySaveWithField:
                ("/api/save", "", field("auth_token", token) + field("url", "https://example.com/"))
            case .legacySaveWithHeader:
                ("/api/save", "Authorization: Bearer \(token)\r\n", field("url", "https://example.com/"))
            case .shareTarget:
                ("/share-target", "Cookie: \(cookie)\r\nSec-Fetch-Site: none\r\n", field("url", "https://example.com/"))
            }
            return "POST \(path) HTTP/1.1\r\nHost: x\r\n\(headers)Content-Type: multipart/form-data; boundary=B\r\n"
                + "Content-Length: 10000000\r\n\r\n\(fields)\(file)"
        }
    }

    @Test func uploadsInFlightAreCappedPerUserAcrossEveryUploadRoute() async throws {
        #expect(Limits.maxConcurrentUploadsPerUser == UploadRoute.allCases.count, "one held upload per route fills the cap")
        try await Self.withServer(["--read-timeout", "120"]) { server, probe in
            let cookie = try WebSignIn.sessionCookie(port: server.port)
            let uploads = URL(fileURLWithPath: server.dataDirectory).appendingPathComponent("blobs/tmp").path
            func begin(_ route: UploadRoute) throws -> AttackConnection {
                let connection = try AttackConnection(port: server.port)
                connection.send(route.start(token: probe.token, cookie: cookie))
                return connection
            }
            // One upload held open on each route; each has its file begun on disk once its place is taken.
            let held = try UploadRoute.allCases.map(begin)
            var waiting = Date()
            var begun = 0
            while begun < held.count, Date().timeIntervalSince(waiting) < 30 {
                usleep(50_000)
                let now = (try? FileManager.default.contentsOfDirectory(atPath: uploads).count) ?? 0
                if now > begun { waiting = Date() }
                begun = now
            }
            #expect(begun == held.count, "\(begun) uploads begun")
            // One more on any route is refused with 429, and nothing of it is kept.
            for route in UploadRoute.allCases {
                let refused = try begin(route)
                let reply = refused.read(timeout: 30) { AttackConnection.contains($0, "}") || AttackConnection.contains($0, "</html>") }
                #expect(AttackConnection.status(reply.bytes) == 429, "\(route): \(String(decoding: reply.bytes.prefix(300), as: UTF8.self))")
                #expect(String(decoding: reply.bytes, as: UTF8.self).lowercased().contains("retry-after: \(Limits.busyRetryAfterSeconds)"))
            }
            #expect(held.allSatisfy { $0.read(timeout: 0).bytes.isEmpty }, "a held upload was answered")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: uploads).count) == held.count)
            try await probe.expectResponsive("with every upload place of a user held")
        }
    }

    @Test func aRefreshFloodQueuesAtMostOneJobPerLinkAndTheServerStaysResponsive() async throws {
        // Every link's page is on a port that never answers, so each stays pending for its fetch's deadline.
        let site = try SilentListener()
        try await Self.withServer(
            ["--link-previews", "--allow-private-fetch"], storesNothing: false, maxRSSGrowth: 16 * 1_048_576
        ) { server, probe in
            let client = HTTPClient(baseURL: server.baseURL, token: probe.token)
            var items: [UUID] = []
            for index in 0..<40 {
                let share = ShareRequest(contentType: .url, url: "http://127.0.0.1:\(site.port)/page\(index)", source: .api)
                items.append(try await client.share(share).decode(ShareResponse.self).item.id)
            }
            // 200 refreshes of one link, and 5 of each of the others, 8 at a time.
            let refreshes = Array(repeating: items[0], count: 200) + items.dropFirst().flatMap { Array(repeating: $0, count: 5) }
            let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
                for lane in 0..<8 {
                    group.addTask {
                        var statuses: [Int] = []
                        for index in stride(from: lane, to: refreshes.count, by: 8) {
                            statuses.append(try await client.send("POST", "/v1/items/\(refreshes[index])/refresh").status)
                        }
                        return statuses
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(statuses.allSatisfy { $0 == 202 }, "\(Set(statuses))")
            try await probe.expectResponsive("after \(refreshes.count) refreshes")
            // Each link has its share's job and at most one refresh job (a second only if its first
            // fetch gave up during the flood), not one per refresh.
            let jobs = try Self.enrichJobsPerItem(server)
            #expect(jobs.count == items.count, "every link has its jobs")
            #expect(jobs[items[0].uuidString.lowercased()].map { $0 >= 2 } == true, "the share's job and a refresh's: \(jobs)")
            #expect(jobs.values.reduce(0, +) <= 2 * items.count + 2, "\(jobs.values.reduce(0, +)) jobs for \(refreshes.count) refreshes")
            #expect(jobs.values.allSatisfy { $0 <= 3 }, "\(jobs.values.max() ?? 0) jobs for one link")
        }
    }

    /// The enrichment jobs in the server's queue (any state), counted per item, read with Python's sqlite3.
    static func enrichJobsPerItem(_ server: ServerProcess) throws -> [String: Int] {
        let query = Process()
        let output = Pipe()
        query.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        query.arguments = ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            for item, count in db.execute("SELECT item_id, count(*) FROM jobs WHERE kind = 'enrich' GROUP BY item_id"):
                print(item, count)
            """, server.dataDirectory + "/wall.sqlite"]
        query.standardOutput = output
        try query.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        query.waitUntilExit()
        try #require(query.terminationStatus == 0)
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { counts[parts[0].lowercased()] = Int(parts[1]) }
        }
        return counts
    }
}
