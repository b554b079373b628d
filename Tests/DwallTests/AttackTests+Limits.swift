import Foundation
import Testing
import WallCore

/// The limits a request meets before any route reads it: how many header fields it may have,
/// and how much more of a body the server reads once it has refused the request.
extension AttackTests {
    /// A `GET /healthz` with `count` header fields in all.
    static func healthzRequest(headerFields count: Int) -> String {
        let extra = (0..<(count - 2)).map { "X-Field-\($0): v\r\n" }.joined()
        return "GET /healthz HTTP/1.1\r\nHost: x\r\n\(extra)Connection: close\r\n\r\n"
    }

    @Test func aRequestWithMoreHeaderFieldsThanTheCapIsRefusedAndTheServerKeepsAnswering() async throws {
        try await Self.withServer { server, probe in
            let atCap = try AttackConnection(port: server.port)
            atCap.send(Self.healthzRequest(headerFields: Limits.maxHeaderFields))
            #expect(AttackConnection.status(atCap.read(timeout: 30).bytes) == 200, "\(Limits.maxHeaderFields) fields are allowed")

            for attempt in 0..<20 {
                let past = try AttackConnection(port: server.port)
                past.send(Self.healthzRequest(headerFields: Limits.maxHeaderFields + 1))
                let reply = past.read(timeout: 30)
                let status = AttackConnection.status(reply.bytes)
                #expect(status.map { (400..<500).contains($0) } == true,
                        "\(attempt): \(String(decoding: reply.bytes.prefix(200), as: UTF8.self))")
                #expect(reply.closed, "the connection of a refused head is closed")
            }
            try await probe.expectResponsive("after requests with \(Limits.maxHeaderFields + 1) header fields")
        }
    }

    @Test func aRefusedUploadIsReadAtMostALingerFurtherThenItsConnectionCloses() async throws {
        try await Self.withServer { server, probe in
            let total = 256 * 1_048_576
            let connection = try AttackConnection(port: server.port, sendBuffer: 65_536)
            // No token: refused as soon as the head is read, long before this body ends.
            connection.send(
                "POST /v1/share HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=B\r\n"
                    + "Content-Length: \(total)\r\n\r\n"
            )
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
            var sent = 0
            var answer: [UInt8] = []
            var closed = false
            while sent < total, !closed, connection.send(chunk) {
                sent += chunk.count
                let reply = connection.read(timeout: 0)
                answer += reply.bytes
                closed = reply.closed
            }
            if !closed { answer += connection.read(timeout: 10).bytes }
            #expect(AttackConnection.status(answer) == 401, "\(String(decoding: answer.prefix(200), as: UTF8.self))")
            #expect(sent < total, "the server read all \(total) bytes of a refused request's body")
            // What it took is the linger plus what the sockets' buffers held when it closed (192 KB
            // more here, the client's send buffer being capped at 128 KB); 2 MB leaves room for
            // the server's receive buffer growing on a busier machine.
            #expect(sent <= Limits.lingerBytes + 2 * 1_048_576, "the server took \(sent) bytes of a refused request's body")
            try await probe.expectResponsive("after a refused upload's body")
        }
    }
}
