import Foundation

/// Which servers the app may reach over plain `http://`: only one on the person's own network.
/// iOS's App Transport Security, with `NSAllowsLocalNetworking` (both targets' Info.plist),
/// allows plain http only to IP addresses, `.local` names and single-word host names; of
/// those, Digital Wall takes private, loopback and link-local addresses, `.local` names and
/// single-word names, so a token never crosses the internet unencrypted. Any other server needs
/// `https://`.
public enum LocalNetworkHost {
    /// Whether `host` is on the local network: a private (RFC 1918), loopback, link-local or
    /// carrier-grade NAT IPv4 address; a loopback, unique-local or link-local IPv6 address; a
    /// `.local` name; or a name without a dot.
    public static func contains(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard !host.isEmpty else { return false }
        if let octets = ipv4(host) { return isLocal(ipv4: octets) }
        if host.contains(":") { return isLocal(ipv6: host) }
        if host.hasSuffix(".local") || host.hasSuffix(".local.") { return host.count > ".local".count }
        return !host.contains(".") && host.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
    }

    private static func ipv4(_ host: String) -> [Int]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let octets = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), let value = Int(part), value <= 255 else { return nil }
            return value
        }
        return octets.count == 4 ? octets : nil
    }

    private static func isLocal(ipv4 o: [Int]) -> Bool {
        o[0] == 10 || o[0] == 127 || (o[0] == 172 && (16...31).contains(o[1])) || (o[0] == 192 && o[1] == 168)
            || (o[0] == 169 && o[1] == 254) || (o[0] == 100 && (64...127).contains(o[1]))
    }

    private static func isLocal(ipv6 host: String) -> Bool {
        let address = host.split(separator: "%", maxSplits: 1).first.map(String.init) ?? host
        guard address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
        if address == "::1" { return true }
        let first = address.split(separator: ":", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard first.count <= 4, let word = Int(first, radix: 16) else { return false }
        return (word & 0xFE00) == 0xFC00 || (word & 0xFFC0) == 0xFE80
    }
}
