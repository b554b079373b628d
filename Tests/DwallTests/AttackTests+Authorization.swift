import Foundation
import Testing
import WallCore

/// Hostile `Authorization` values: the one header every API request has read before anyone is
/// known, as long as the header block allows and spelled to miss the `Bearer <token>` fast path
/// (`Request.bearerToken(in:)`). Each must be refused with 401 and cost about what a plain header
/// of the same size costs.
extension AttackTests {
    /// `GET /v1/items` with one more header field, `name: value`, on a connection it then closes.
    static func itemsRequest(header name: String, value: [UInt8]) -> [UInt8] {
        Array("GET /v1/items HTTP/1.1\r\nHost: x\r\n\(name): ".utf8) + value + Array("\r\nConnection: close\r\n\r\n".utf8)
    }

    /// Values of about `size` bytes, each a way to make the token's reading work harder.
    static func hostileAuthorizations(size: Int) -> [(name: String, value: [UInt8])] {
        let bearer = Array("Bearer ".utf8)
        return [
            ("a token as long as the header allows", bearer + Array(repeating: UInt8(ascii: "a"), count: size)),
            ("Bearer and then spaces", bearer + Array(repeating: UInt8(ascii: " "), count: size) + [UInt8(ascii: "a")]),
            ("a non-ASCII token", bearer + Array(String(repeating: "é", count: size / 2).utf8)),
            ("another spelling, many words", Array("bEaReR ".utf8) + Array(String(repeating: "a ", count: size / 2).utf8) + [UInt8(ascii: "a")]),
            ("Bearer and then tabs", Array("Bearer".utf8) + Array(repeating: 0x09, count: size) + [UInt8(ascii: "a")]),
            ("Bearer, repeated", Array(String(repeating: "Bearer ", count: size / 7).utf8) + [UInt8(ascii: "a")]),
        ]
    }

    @Test func hostileAuthorizationValuesCostNoMoreThanAPlainHeaderOfTheirSize() async throws {
        // Room for the request line and the other fields within the header block's cap.
        let size = Limits.defaultMaxHeaderBytes - 256
        let rounds = 40
        try await Self.withServer { server, probe in
            func play(_ request: [UInt8]) -> (statuses: Set<Int?>, cpu: Double) {
                Self.play(request, rounds: rounds, probe: probe, server: server)
            }
            let plain = play(Self.itemsRequest(header: "X-Other", value: Array(repeating: UInt8(ascii: "a"), count: size + 7)))
            #expect(plain.statuses == [401], "a request with no credentials: \(plain.statuses)")
            for (name, value) in Self.hostileAuthorizations(size: size) {
                let attack = play(Self.itemsRequest(header: "Authorization", value: value))
                #expect(attack.statuses == [401], "\(name): \(attack.statuses)")
                // Same order of work: a reading that went back over the value for each byte
                // would take seconds of CPU for \(rounds) values of 64 KB.
                #expect(attack.cpu <= 3 * plain.cpu + 0.25, "\(name): \(attack.cpu) s of CPU, a plain header \(plain.cpu) s")
                try await probe.expectResponsive("after \(rounds) × \(name)")
            }
        }
    }
}
