import WallCore
import WallEnrich

/// Counts the open connections of each client address, for `ConnectionCapHandler`. IPv4
/// addresses count one by one; IPv6 ones by their /64 prefix, since one subscriber is usually
/// given a whole /64 (an IPv4-mapped IPv6 address counts as its IPv4 address).
final class ConnectionCounter: Sendable {
    /// Most connections one address may hold.
    let limit: Int
    private let open = Locked([[UInt8]: Int]())

    /// Makes a counter allowing `limit` connections per address.
    init(limit: Int) { self.limit = limit }

    /// Counts one more connection from `key`; false (and nothing counted) when it holds `limit`.
    func admit(_ key: [UInt8]) -> Bool {
        open.withLock { open in
            guard open[key, default: 0] < limit else { return false }
            open[key, default: 0] += 1
            return true
        }
    }

    /// Counts a connection admitted for `key` as closed.
    func release(_ key: [UInt8]) {
        open.withLock { open in
            let left = open[key, default: 1] - 1
            open[key] = left > 0 ? left : nil
        }
    }

    /// How many connections `key` holds now.
    func count(_ key: [UInt8]) -> Int { open.withLock { $0[key, default: 0] } }

    /// The key a peer's connections count under, from its address as text: its IPv4 address,
    /// its IPv6 /64, or one shared key for anything else (a Unix socket).
    static func key(_ address: String?) -> [UInt8] {
        switch address.flatMap(IPAddress.init) {
        case .v4(let a, let b, let c, let d):
            return [a, b, c, d]
        case .v6(let bytes):
            let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            return bytes.starts(with: mappedPrefix) ? Array(bytes[12...]) : Array(bytes[..<8])
        case nil:
            return []
        }
    }
}
