import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import WallCore

/// Fetches pages and images for enrichment without letting a shared link reach what the
/// server can reach but its users can't (the design's rule 4).
///
/// For every hop (the first URL and each redirect, at most `Limits.maxFetchRedirects`) the
/// host is resolved once, every address it resolves to is checked against the
/// `AddressPolicy`, and the connection goes to the checked address: the hop's HTTP client is
/// made with AsyncHTTPClient's `dnsOverride` mapping the host to that address, so the client
/// never resolves the name itself (no second lookup a rebinding DNS server could answer
/// differently), while the `Host` header, TLS SNI and certificate checks still use the name.
/// Redirects are followed here, not by the client, so each one is checked the same way. The
/// whole fetch has one deadline (`Limits.fetchTimeout`), bodies are capped by kind while they
/// stream in, and the content type must match what was asked for.
public struct GuardedFetcher: Sendable {
    /// The user agent every request sends.
    public static let userAgent = "DigitalWall-LinkPreview/1.0 (+fetches a shared link once to make its card)"

    /// Which addresses may be reached.
    public var policy: AddressPolicy
    /// How host names become addresses.
    public var resolver: any HostResolver
    /// The deadline for one fetch, redirects included.
    public var timeout: Duration
    private let eventLoopGroup: any EventLoopGroup

    /// Makes a fetcher; private addresses are refused unless the policy allows them.
    public init(
        policy: AddressPolicy = AddressPolicy(), resolver: any HostResolver = SystemHostResolver(),
        timeout: Duration = Limits.fetchTimeout, eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup
    ) {
        self.policy = policy
        self.resolver = resolver
        self.timeout = timeout
        self.eventLoopGroup = eventLoopGroup
    }

    /// Fetches `url`, following checked redirects; throws `FetchError` with a readable reason.
    public func fetch(_ url: URL, as kind: FetchKind) async throws -> FetchedResource {
        let timeout = timeout
        return try await withThrowingTaskGroup(of: FetchedResource.self) { group in
            group.addTask { try await self.follow(url, as: kind) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw FetchError.tookLongerThan(timeout)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    private func follow(_ start: URL, as kind: FetchKind) async throws -> FetchedResource {
        var url = start
        var redirects = 0
        while true {
            switch try await hop(url, as: kind) {
            case .resource(let resource): return resource
            case .redirect(let next):
                redirects += 1
                guard redirects <= Limits.maxFetchRedirects else {
                    throw FetchError.permanent("the site redirected more than \(Limits.maxFetchRedirects) times")
                }
                url = next
            }
        }
    }

    private enum Hop {
        case resource(FetchedResource)
        case redirect(URL)
    }

    /// One request to one checked address.
    private func hop(_ url: URL, as kind: FetchKind) async throws -> Hop {
        let (host, address) = try await checkedTarget(of: url)
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(10))
        if IPAddress(host) == nil { configuration.dnsOverride = [host: address.description] }
        let client = HTTPClient(eventLoopGroupProvider: .shared(eventLoopGroup), configuration: configuration)
        do {
            let hop = try await request(url, as: kind, with: client)
            try await client.shutdown()
            return hop
        } catch {
            try? await client.shutdown()
            throw Self.readable(error, timeout: timeout)
        }
    }

    /// The URL's host and the address to connect to, after checking every address it has.
    func checkedTarget(of url: URL) async throws -> (host: String, address: IPAddress) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw FetchError.permanent("only http and https links can be previewed")
        }
        guard let host = url.host(percentEncoded: false), !host.isEmpty else {
            throw FetchError.permanent("the link has no host")
        }
        let addresses = try await resolver.addresses(of: host)
        guard let first = addresses.first else { throw FetchError.permanent("the site's name (\(host)) has no address") }
        for address in addresses {
            if let refusal = policy.refusal(for: address) {
                throw FetchError.permanent("refused to fetch \(host): it is \(refusal) (\(address))")
            }
        }
        return (host, first)
    }

    private func request(_ url: URL, as kind: FetchKind, with client: HTTPClient) async throws -> Hop {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        request.headers.add(name: "Accept", value: kind.accept)
        let response = try await client.execute(request, timeout: .seconds(Int64(timeout.components.seconds) + 1))
        let status = Int(response.status.code)
        if (300..<400).contains(status), status != 304 {
            guard let location = response.headers.first(name: "Location"),
                  let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                throw FetchError.permanent("the site answered \(status) without saying where to go")
            }
            return .redirect(next)
        }
        guard (200..<300).contains(status) else {
            let reason = "the site answered \(status)"
            throw [408, 425, 429, 500, 502, 503, 504].contains(status) ? FetchError.transient(reason) : .permanent(reason)
        }
        let (mediaType, charset) = Self.contentType(response.headers.first(name: "Content-Type"))
        guard kind.accepts(mediaType) else {
            let what = kind == .page ? "a web page" : "an image"
            throw FetchError.permanent("the link is not \(what) (it is \(mediaType.isEmpty ? "untyped" : mediaType))")
        }
        let cap = kind.maxBytes
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > cap {
            throw FetchError.permanent("the \(kind == .page ? "page" : "image") is larger than \(cap / 1_048_576) MB")
        }
        var body: [UInt8] = []
        for try await chunk in response.body {
            guard body.count + chunk.readableBytes <= cap else {
                throw FetchError.permanent("the \(kind == .page ? "page" : "image") is larger than \(cap / 1_048_576) MB")
            }
            body.append(contentsOf: chunk.readableBytesView)
        }
        return .resource(FetchedResource(finalURL: url, mediaType: mediaType, charset: charset, body: body))
    }

    /// The media type and charset of a `Content-Type` header.
    static func contentType(_ header: String?) -> (mediaType: String, charset: String?) {
        guard let header else { return ("", nil) }
        let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let mediaType = parts.first?.lowercased() ?? ""
        let charset = parts.dropFirst().first { $0.lowercased().hasPrefix("charset=") }
            .map { String($0.dropFirst("charset=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")) }
        return (mediaType, charset)
    }

    /// An error as a `FetchError`: ours as they are, the client's as transient network trouble.
    /// The client's own deadlines read like the fetch's, so a slow site gets one message whichever
    /// fires first on a busy machine.
    static func readable(_ error: any Error, timeout: Duration) -> FetchError {
        if let error = error as? FetchError { return error }
        if error is CancellationError { return .transient("the fetch was cancelled") }
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return .tookLongerThan(timeout)
            case .remoteConnectionClosed: return .transient("the site closed the connection")
            default: break
            }
        }
        return .transient("the site could not be reached (\(String(describing: error).prefix(200)))")
    }
}

extension Duration {
    var secondsText: String { "\(components.seconds) seconds" }
}
