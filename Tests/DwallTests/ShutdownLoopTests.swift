import Foundation
import Testing
import WallCore

/// The shutdown paths in a loop: start, share (links and pictures, so the job runner is busy
/// making thumbnails), keep event streams open, SIGTERM at a random moment, and expect a clean
/// exit every time. Bounded by a cycle count and a time budget, not by how fast a cycle is.
@Suite(.serialized) struct ShutdownLoopTests {
    /// How many start/share/SIGTERM cycles one run makes, at most (`DWALL_SHUTDOWN_CYCLES`
    /// raises it for a hunt), and for how long it keeps starting new ones.
    static let cycles = ProcessInfo.processInfo.environment["DWALL_SHUTDOWN_CYCLES"].flatMap(Int.init) ?? 25
    static let budget = Duration.seconds(ProcessInfo.processInfo.environment["DWALL_SHUTDOWN_BUDGET"].flatMap(Int.init) ?? 90)

    @Test func everySigtermUnderLoadEndsTheServerCleanly() async throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        let token = try server.makeUser()
        var generator = SeededGenerator(seed: 14)
        let started = ContinuousClock.now
        var ran = 0
        while ran < Self.cycles, ContinuousClock.now - started < Self.budget {
            ran += 1
            try server.start()
            let client = HTTPClient(baseURL: server.baseURL, token: token)
            let streams = try (0..<2).map { _ in try EventStreamReader(port: server.port, token: token) }
            let delay = Duration.milliseconds(Int.random(in: 0...400, using: &generator))
            let seed = generator.next()

            // Shares keep coming until the server stops answering them.
            let load = Task {
                await withTaskGroup(of: Void.self) { group in
                    for worker in 0..<4 {
                        group.addTask {
                            var index = 0
                            while !Task.isCancelled {
                                index += 1
                                let reply = worker == 0
                                    ? try? await client.shareFile(
                                        BackupCommandTests.picture(seed: Int(seed % 1_000) + index), name: "p.png",
                                        contentType: "image/png"
                                    )
                                    : try? await client.share(ShareRequest(
                                        contentType: .url, url: "https://example.com/\(seed)/\(worker)/\(index)", source: .api
                                    ))
                                guard let reply, (200..<300).contains(reply.status) else { return }
                            }
                        }
                    }
                }
            }
            try await Task.sleep(for: delay)
            let status = try server.stop(signal: SIGTERM)
            load.cancel()
            _ = await load.value
            #expect(status == 0, "cycle \(ran): exit status \(status) after SIGTERM")
            for stream in streams { #expect(stream.waitForEnd(timeout: 10), "cycle \(ran): an event stream outlived the server") }
        }
        #expect(ran >= 3, "only \(ran) cycles ran within the budget")
    }
}
