import Foundation
import WallEnrich

/// The reverse proxies (`--trusted-proxy`) whose `X-Forwarded-For` names the client; nobody's
/// is honoured unless given.
public struct TrustedProxies: Sendable {
    private struct Range: Sendable {
        var bytes: [UInt8]
        var prefixLength: Int
    }

    private let ranges: [Range]

    /// Parses addresses and `address/prefix` ranges ("10.0.0.1", "10.0.0.0/8", "fd00::/8");
    /// nil when one is neither.
    public init?(_ entries: [String]) {
        var ranges: [Range] = []
        for entry in entries {
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let address = IPAddress(parts[0]) else { return nil }
            let bytes = Self.bytes(address)
            let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let prefix, (0...(bytes.count * 8)).contains(prefix) else { return nil }
            ranges.append(Range(bytes: bytes, prefixLength: prefix))
        }
        self.ranges = ranges
    }

    /// Whether no proxy is trusted.
    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` (text) is one of the trusted proxies.
    public func contains(_ address: String) -> Bool {
        guard !ranges.isEmpty, let parsed = IPAddress(address) else { return false }
        let bytes = Self.bytes(parsed)
        return ranges.contains { range in
            guard range.bytes.count == bytes.count else { return false }
            let whole = range.prefixLength / 8
            guard range.bytes[..<whole].elementsEqual(bytes[..<whole]) else { return false }
            let rest = range.prefixLength % 8
            guard rest > 0 else { return true }
            let mask = UInt8(0xFF) << (8 - rest)
            return range.bytes[whole] & mask == bytes[whole] & mask
        }
    }

    /// The client's address: the peer's, unless the peer is a trusted proxy, then the last
    /// address in `X-Forwarded-For` that is not a trusted proxy (each proxy appends the address it
    /// was reached from, so only what trusted proxies appended is believed).
    public func clientAddress(peer: String, forwardedFor: [String]) -> String {
        guard contains(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard let address = IPAddress(hop) else { return peer }
            if !contains(hop) { return address.description }
        }
        return hops.first.flatMap(IPAddress.init)?.description ?? peer
    }

    private static func bytes(_ address: IPAddress) -> [UInt8] {
        switch address {
        case .v4(let a, let b, let c, let d): [a, b, c, d]
        case .v6(let bytes): bytes
        }
    }
}
