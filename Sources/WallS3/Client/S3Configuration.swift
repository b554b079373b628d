import Foundation

/// How to reach an S3-compatible store: endpoint, region, addressing style and credentials.
///
/// Read from the environment by `init(location:environment:)`: `AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN` (optional), `AWS_REGION` or `AWS_DEFAULT_REGION`
/// (default `us-east-1`), `DWALL_S3_ENDPOINT` (R2, B2, MinIO...; default AWS's regional endpoint)
/// and `DWALL_S3_PATH_STYLE` (`1`/`true`: `endpoint/bucket/key` instead of `bucket.endpoint/key`).
public struct S3Configuration: Sendable, Equatable {
    /// The bucket and prefix.
    public var location: S3Location
    /// The endpoint's scheme, host and port (no path).
    public var endpoint: URL
    /// The region signed into every request.
    public var region: String
    /// Whether the bucket goes in the path (`endpoint/bucket/key`) rather than the host name.
    public var pathStyle: Bool
    /// The keys.
    public var credentials: SigV4Credentials

    /// Makes a configuration.
    public init(location: S3Location, endpoint: URL, region: String, pathStyle: Bool, credentials: SigV4Credentials) {
        self.location = location
        self.endpoint = endpoint
        self.region = region
        self.pathStyle = pathStyle
        self.credentials = credentials
    }

    /// Reads the endpoint, region, addressing style and credentials from the environment.
    public init(location: S3Location, environment: [String: String]) throws(S3ConfigurationError) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let key = value("AWS_ACCESS_KEY_ID") else { throw .missingEnvironment("AWS_ACCESS_KEY_ID") }
        guard let secret = value("AWS_SECRET_ACCESS_KEY") else { throw .missingEnvironment("AWS_SECRET_ACCESS_KEY") }
        let region = value("AWS_REGION") ?? value("AWS_DEFAULT_REGION") ?? "us-east-1"
        let endpoint: URL
        if let text = value("DWALL_S3_ENDPOINT") {
            guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
                  url.host != nil, url.path.isEmpty || url.path == "/", url.query == nil
            else { throw .badEnvironment("DWALL_S3_ENDPOINT", text, "it must be http(s)://host[:port] without a path") }
            endpoint = url
        } else {
            endpoint = URL(string: "https://s3.\(region).amazonaws.com")!
        }
        let pathStyle: Bool
        switch value("DWALL_S3_PATH_STYLE")?.lowercased() {
        case nil, "0", "false", "no": pathStyle = false
        case "1", "true", "yes": pathStyle = true
        case let other?: throw .badEnvironment("DWALL_S3_PATH_STYLE", other, "it must be 1 or 0")
        }
        self.init(
            location: location, endpoint: endpoint, region: region, pathStyle: pathStyle,
            credentials: .init(accessKeyID: key, secretAccessKey: secret, sessionToken: value("AWS_SESSION_TOKEN"))
        )
    }

    /// The `Host` header, the path to sign, and the URL to send for an object key (or for the
    /// bucket itself with `bucketLevel`).
    public func address(key: String, bucketLevel: Bool = false) -> (host: String, path: String, url: String) {
        let scheme = endpoint.scheme ?? "https"
        let endpointHost = endpoint.host ?? ""
        let port = endpoint.port.map { ":\($0)" } ?? ""
        let host = pathStyle ? "\(endpointHost)\(port)" : "\(location.bucket).\(endpointHost)\(port)"
        let path = bucketLevel ? (pathStyle ? "/\(location.bucket)" : "/") : (pathStyle ? "/\(location.bucket)/\(key)" : "/\(key)")
        return (host, path, "\(scheme)://\(host)\(SigV4Signer.canonicalURI(path))")
    }
}
