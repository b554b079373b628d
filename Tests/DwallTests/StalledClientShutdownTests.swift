import Foundation
import Testing
import WallCore
#if canImport(Glibc)
import Glibc
#endif

/// A client that stops reading cannot keep `dwall serve` from exiting after SIGTERM.
@Suite struct StalledClientShutdownTests {
    @Test func aClientThatStopsReadingItsEventStreamDoesNotKeepTheServerFromExiting() async throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        let token = try server.makeUser()
        try server.start()
        // Given an event stream whose client never reads (a small receive window, nothing read)
        let stalled = try Self.openUnreadEventStream(port: server.port, token: token)
        defer { close(stalled) }

        // And more events for it than the sockets' buffers hold: 160 passages of 190,000
        // characters, each sent whole in its event, so the server's next write to it waits
        let client = HTTPClient(baseURL: server.baseURL, token: token)
        let text = String(repeating: "y", count: 190_000)
        let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var statuses: [Int] = []
                    for index in 0..<20 {
                        let body = try JSONSerialization.data(withJSONObject: [
                            "id": UUID().uuidString, "contentType": "text", "text": "\(worker)-\(index) \(text)",
                        ])
                        statuses.append(try await client.send("POST", "/v1/share", json: body).status)
                    }
                    return statuses
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.count == 160 && statuses.allSatisfy { $0 == 201 })

        // When it is told to stop, it exits cleanly once the graceful shutdown's limit has
        // passed (it waited for ever on that write before the limit)
        let limit = Double(Limits.maximumGracefulShutdown.components.seconds)
        #expect(try server.stop(signal: SIGTERM, timeout: limit + 15) == 0)
    }

    /// Opens `GET /v1/events` with a 4 KB receive buffer and never reads it; returns the socket.
    private static func openUnreadEventStream(port: Int, token: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var size: Int32 = 4_096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw ProcessFailure("could not connect to the event stream")
        }
        let request = "GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        return fd
    }
}
