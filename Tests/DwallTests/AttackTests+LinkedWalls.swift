import Foundation
import Testing
import WallCore

/// Hostile queries on a secret link's page (`/w/dl_…`): the one read of the store a stranger
/// holding a link (no account) can shape, through its `tag` and `cursor`. A query as long as the
/// request allows must be answered without a 5xx and cost about what a plain query of the same
/// size costs: a tag of one character carrying thousands of combining marks is refused by its
/// bytes (`Limits.maxBytesPerCharacter`) before PostgreSQL or SQLite sees it.
extension AttackTests {
    /// `GET path?query`, on a connection it then closes.
    static func pageRequest(_ path: String, query: [UInt8]) -> [UInt8] {
        Array("GET \(path)?".utf8) + query + Array(" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
    }

    /// Queries of about `size` bytes, each a way to make the page's reading of its query work harder.
    static func hostileLinkQueries(size: Int) -> [(name: String, query: [UInt8])] {
        func repeated(_ text: String, count: Int) -> [UInt8] { Array(String(repeating: text, count: count).utf8) }
        return [
            ("one character carrying thousands of marks", Array("tag=a".utf8) + repeated("%CC%81", count: size / 6)),
            ("as many four-byte characters as fit", Array("tag=".utf8) + repeated("%F0%9F%98%80", count: size / 12)),
            ("marks sent as raw bytes", Array("tag=a".utf8) + Array(repeating: [0xCC, 0x81], count: size / 2).flatMap { $0 }),
            ("the tag repeated", repeated("tag=a&", count: size / 6)),
            ("a cursor as long as the line allows", Array("cursor=".utf8) + repeated("A", count: size)),
            ("a tag of escapes that decode to nothing valid", Array("tag=".utf8) + repeated("%FF", count: size / 3)),
        ]
    }

    @Test func hostileSecretLinkQueriesCostNoMoreThanAPlainQueryOfTheirSize() async throws {
        let size = Limits.defaultMaxHeaderBytes - 1_024
        let rounds = 20
        try await Self.withServer { server, probe in
            let owner = HTTPClient(baseURL: server.baseURL, token: probe.token)
            let walls = try await owner.send("GET", "/v1/walls").decode(WallList.self)
            let inbox = try #require(walls.walls.first)
            let created = try await owner.send("POST", "/v1/walls/\(inbox.id.uuidString)/links")
            #expect(created.status == 201)
            let link = try created.decode(SecretWallLink.self)
            let path = try #require(link.url.flatMap(URL.init(string:))?.path)

            func play(_ request: [UInt8]) -> (statuses: Set<Int?>, cpu: Double) {
                Self.play(request, rounds: rounds, probe: probe, server: server)
            }
            let plain = play(Self.pageRequest(path, query: Array("other=".utf8) + Array(repeating: UInt8(ascii: "a"), count: size)))
            #expect(plain.statuses == [200], "the page with an unknown parameter: \(plain.statuses)")
            for (name, query) in Self.hostileLinkQueries(size: size) {
                let attack = play(Self.pageRequest(path, query: query))
                // Each refused by its bytes before the store is asked; a repeated tag is one tag.
                let expected: Set<Int?> = name == "the tag repeated" ? [200] : [400]
                #expect(attack.statuses == expected, "\(name): \(attack.statuses)")
                #expect(attack.cpu <= 3 * plain.cpu + 0.25, "\(name): \(attack.cpu) s of CPU, a plain query \(plain.cpu) s")
                try await probe.expectResponsive("after \(rounds) × \(name)")
            }
        }
    }
}
