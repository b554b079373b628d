import Foundation

/// Decides which IP addresses the enrichment fetcher may connect to: only public ones, unless
/// the server was started with private fetching allowed.
///
/// Refused: unspecified, loopback, RFC 1918 private, carrier-grade NAT (100.64/10), link-local
/// (169.254/16, which holds cloud metadata at 169.254.169.254), multicast and the rest of the
/// reserved IPv4 space, IPv6 unique-local (fc00::/7), link-local (fe80::/10), multicast,
/// local-use NAT64 (64:ff9b:1::/48, which a local translator may map anywhere), Teredo (2001::/32,
/// whose tunnelled IPv4 address cannot be checked), and
/// every IPv6 form that carries an IPv4 address (mapped, compatible, NAT64, 6to4) whose IPv4
/// address is refused.
public struct AddressPolicy: Sendable, Equatable {
    /// Whether private, loopback and link-local addresses are allowed (for tests and intranets).
    public var allowsPrivate: Bool
    /// Single addresses allowed although not public: the tests' fixture server's own loopback
    /// address, so everything else on loopback stays refused while the tests fetch from it.
    public var exempt: Set<IPAddress>

    /// Makes a policy; private addresses are refused unless `allowsPrivate`.
    public init(allowsPrivate: Bool = false, exempt: Set<IPAddress> = []) {
        self.allowsPrivate = allowsPrivate
        self.exempt = exempt
    }

    /// Why `address` is refused, or nil when the fetcher may connect to it.
    public func refusal(for address: IPAddress) -> String? {
        guard let reason = address.nonPublicReason, !exempt.contains(address) else { return nil }
        return allowsPrivate && !address.isUnspecifiedOrMulticast ? nil : reason
    }
}

/// An IPv4 or IPv6 address, parsed from its text form.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// An IPv4 address, as its four bytes.
    case v4(UInt8, UInt8, UInt8, UInt8)
    /// An IPv6 address, as its sixteen bytes.
    case v6([UInt8])

    /// Parses a literal address ("93.184.216.34", "2001:db8::1"); nil for anything else.
    public init?(_ text: String) {
        var text = text
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if let zone = text.firstIndex(of: "%") { text = String(text[..<zone]) }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            let b = withUnsafeBytes(of: v4.s_addr) { Array($0) }
            self = .v4(b[0], b[1], b[2], b[3])
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self = .v6(withUnsafeBytes(of: v6) { Array($0) })
            return
        }
        return nil
    }

    /// The address as text, in the form a connection and a URL host take.
    public var description: String {
        switch self {
        case .v4(let a, let b, let c, let d): return "\(a).\(b).\(c).\(d)"
        case .v6(let bytes):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    var isUnspecifiedOrMulticast: Bool {
        switch self {
        case .v4(let a, let b, let c, let d): return (a == 0 && b == 0 && c == 0 && d == 0) || (224...239).contains(a)
        case .v6(let bytes):
            if let v4 = embeddedIPv4 { return v4.isUnspecifiedOrMulticast }
            return bytes.allSatisfy { $0 == 0 } || bytes[0] == 0xFF
        }
    }

    /// The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d,
    /// NAT64 64:ff9b::/96, 6to4 2002::/16), if it is one of those forms.
    var embeddedIPv4: IPAddress? {
        guard case .v6(let b) = self else { return nil }
        let firstTen = b[0..<10].allSatisfy { $0 == 0 }
        if firstTen, b[10] == 0xFF, b[11] == 0xFF { return .v4(b[12], b[13], b[14], b[15]) }
        if firstTen, b[10] == 0, b[11] == 0, !(b[12] == 0 && b[13] == 0 && b[14] == 0 && b[15] <= 1) {
            return .v4(b[12], b[13], b[14], b[15])
        }
        if b[0] == 0x00, b[1] == 0x64, b[2] == 0xFF, b[3] == 0x9B, b[4..<12].allSatisfy({ $0 == 0 }) {
            return .v4(b[12], b[13], b[14], b[15])
        }
        if b[0] == 0x20, b[1] == 0x02 { return .v4(b[2], b[3], b[4], b[5]) }
        return nil
    }

    /// Why the address is not a public unicast one, or nil when it is.
    var nonPublicReason: String? {
        switch self {
        case .v4(let a, let b, _, _):
            switch (a, b) {
            case (0, _): return "an unspecified address (0.0.0.0/8)"
            case (10, _): return "a private address (10.0.0.0/8)"
            case (100, 64...127): return "a carrier-grade NAT address (100.64.0.0/10)"
            case (127, _): return "a loopback address (127.0.0.0/8)"
            case (169, 254): return "a link-local address (169.254.0.0/16, cloud metadata)"
            case (172, 16...31): return "a private address (172.16.0.0/12)"
            case (192, 168): return "a private address (192.168.0.0/16)"
            case (192, 0) where isV4Prefix(192, 0, 0): return "a reserved address (192.0.0.0/24)"
            case (198, 18...19): return "a benchmarking address (198.18.0.0/15)"
            case (224...239, _): return "a multicast address (224.0.0.0/4)"
            case (240...255, _): return "a reserved address (240.0.0.0/4)"
            default: return nil
            }
        case .v6(let b):
            if let v4 = embeddedIPv4, let reason = v4.nonPublicReason { return "an IPv6 form of \(reason)" }
            if b.allSatisfy({ $0 == 0 }) { return "the unspecified address (::)" }
            if b[0..<15].allSatisfy({ $0 == 0 }), b[15] == 1 { return "the loopback address (::1)" }
            if b[0] & 0xFE == 0xFC { return "a unique-local address (fc00::/7)" }
            if b[0] == 0xFE, b[1] & 0xC0 == 0x80 { return "a link-local address (fe80::/10)" }
            if b[0] == 0xFE, b[1] & 0xC0 == 0xC0 { return "a site-local address (fec0::/10)" }
            if b[0] == 0xFF { return "a multicast address (ff00::/8)" }
            if b[0] == 0x01, b[1..<8].allSatisfy({ $0 == 0 }) { return "a discard address (100::/64)" }
            if b[0..<6].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01]) {
                return "a local-use NAT64 address (64:ff9b:1::/48)"
            }
            if b[0..<4].elementsEqual([0x20, 0x01, 0x00, 0x00]) { return "a Teredo address (2001::/32)" }
            return nil
        }
    }

    private func isV4Prefix(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        if case .v4(let x, let y, let z, _) = self { return x == a && y == b && z == c }
        return false
    }
}
