import Foundation
import Testing
import WallCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// SIGTERM and SIGINT: the server stops accepting, finishes in-flight requests, ends open event
/// streams, and exits 0; nothing it acknowledged is lost.
@Suite(.serialized) struct ShutdownTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func signalStopsTheServerCleanlyUnderLoad(signal: Int32) async throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        let token = try server.makeUser()
        try server.start()
        let client = HTTPClient(baseURL: server.baseURL, token: token)
        let stream = try EventStreamReader(port: server.port, token: token)

        // When: the signal arrives while 16 clients are sharing and an event stream is open.
        let signalled = Locked(false)
        let acks = await ShareLoad(client: client, workers: 16).run { count in
            let send = signalled.withLock { sent -> Bool in
                guard count >= 100, !sent else { return false }
                sent = true
                return true
            }
            if send { _ = try? server.stop(signal: signal) }
            return false
        }

        // Then: it exited 0, the stream was ended by the server, and every ack survived.
        #expect(signalled.withLock { $0 })
        #expect(try server.stop() == 0, "exit status after the signal")
        #expect(stream.waitForEnd(timeout: 10), "the event stream should be closed by the server")
        let acknowledged = await acks.acknowledged
        try server.start()
        let restarted = HTTPClient(baseURL: server.baseURL, token: token)
        let urls = Set(try await restarted.allItems().compactMap(\.url))
        #expect(acknowledged.values.allSatisfy { urls.contains($0.url) })
        try server.stop()
    }
}
