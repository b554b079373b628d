import Foundation

/// Turns a host name into the addresses it resolves to; the fetcher checks every one of them
/// and connects to a checked one, so nothing resolves the name a second time.
public protocol HostResolver: Sendable {
    /// The host's addresses; throws `FetchError` when it has none.
    func addresses(of host: String) async throws -> [IPAddress]
}

/// The system resolver (`getaddrinfo`), run off the caller's thread.
public struct SystemHostResolver: HostResolver {
    /// Makes the system resolver.
    public init() {}

    /// The host's IPv4 and IPv6 addresses, in the system's order.
    public func addresses(of host: String) async throws -> [IPAddress] {
        if let literal = IPAddress(host) { return [literal] }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Self.lookUp(host) })
            }
        }
    }

    private static func lookUp(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &result)
        guard status == 0, let first = result else {
            throw FetchError.permanent("the site's name (\(host)) could not be found")
        }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(
                entry.pointee.ai_addr, entry.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST
            ) == 0 {
                let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if let address = IPAddress(text), !addresses.contains(address) { addresses.append(address) }
            }
            cursor = entry.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw FetchError.permanent("the site's name (\(host)) has no address") }
        return addresses
    }
}

/// A resolver with fixed answers, for tests that need a public-looking name to resolve to a
/// private address; names it doesn't know go to the system resolver.
public struct FixedHostResolver: HostResolver {
    /// Host name (lower-cased) to addresses.
    public var table: [String: [IPAddress]]

    /// Makes a resolver with these answers.
    public init(_ table: [String: [IPAddress]]) {
        self.table = table
    }

    /// The fixed answer, or the system's.
    public func addresses(of host: String) async throws -> [IPAddress] {
        if let fixed = table[host.lowercased()] { return fixed }
        return try await SystemHostResolver().addresses(of: host)
    }
}
