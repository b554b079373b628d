import Crypto
import Foundation

/// Signs requests with AWS Signature Version 4 (`AWS4-HMAC-SHA256`, header-based), the scheme
/// every S3-compatible store (AWS S3, R2, B2, MinIO) checks.
///
/// A pure value: every step (canonical request, string to sign, signing key, signature) is a
/// function of its inputs, checked against AWS's published test vectors in `SigV4SuiteTests`
/// and `SigV4S3ExampleTests`. Paths are encoded once and never normalised, as S3 requires.
public struct SigV4Signer: Sendable {
    /// The payload hash that says the body is not signed (S3 accepts it; the body is then
    /// protected by TLS alone).
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"
    /// The SHA-256 of no bytes, the payload hash of a request without a body.
    public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// The keys.
    public var credentials: SigV4Credentials
    /// The region (`us-east-1`; R2 takes `auto`).
    public var region: String
    /// The service (`s3`).
    public var service: String

    /// Makes a signer.
    public init(credentials: SigV4Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The request with `x-amz-date`, `x-amz-security-token` (with a session token) and
    /// `Authorization` set, signed at `date`.
    public func sign(_ request: SignableRequest, at date: Date) -> SignableRequest {
        var signed = request
        signed.setHeader("X-Amz-Date", Self.timestamp(date))
        if let token = credentials.sessionToken { signed.setHeader("X-Amz-Security-Token", token) }
        signed.headers.removeAll { $0.name.lowercased() == "authorization" }
        signed.headers.append(.init("Authorization", authorization(for: signed, at: date)))
        return signed
    }

    /// The `Authorization` header's value for a request whose headers are final.
    public func authorization(for request: SignableRequest, at date: Date) -> String {
        let signedNames = Self.signedHeaderNames(request)
        return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(at: date)), "
            + "SignedHeaders=\(signedNames), Signature=\(signature(for: request, at: date))"
    }

    /// The hex signature of a request.
    public func signature(for request: SignableRequest, at date: Date) -> String {
        let text = stringToSign(for: request, at: date)
        let mac = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: signingKey(at: date))
        return Self.hex(mac)
    }

    /// The string to sign: algorithm, timestamp, scope, and the canonical request's hash.
    public func stringToSign(for request: SignableRequest, at date: Date) -> String {
        let hash = Self.hex(SHA256.hash(data: Data(Self.canonicalRequest(request).utf8)))
        return "AWS4-HMAC-SHA256\n\(Self.timestamp(date))\n\(scope(at: date))\n\(hash)"
    }

    /// The key derived from the secret for one day, region and service.
    public func signingKey(at date: Date) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [Self.day(date), region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// `day/region/service/aws4_request`.
    public func scope(at date: Date) -> String { "\(Self.day(date))/\(region)/\(service)/aws4_request" }

    // MARK: The canonical request

    /// Method, URI, query, headers, signed header names and payload hash, one per line.
    public static func canonicalRequest(_ request: SignableRequest) -> String {
        [
            request.method,
            canonicalURI(request.path),
            canonicalQuery(request.query),
            canonicalHeaders(request),
            signedHeaderNames(request),
            request.payloadHash,
        ].joined(separator: "\n")
    }

    /// The path with each byte but the unreserved ones and `/` percent-encoded once.
    public static func canonicalURI(_ path: String) -> String {
        path.isEmpty ? "/" : URIEncoding.encode(path, keepingSlashes: true)
    }

    /// The query, each name and value encoded, sorted by name then value, joined with `&`.
    public static func canonicalQuery(_ query: [SignableRequest.QueryItem]) -> String {
        let encoded: [(name: String, value: String)] = query.map { item in
            (URIEncoding.encode(item.name), URIEncoding.encode(item.value))
        }
        let sorted = encoded.sorted { left, right in
            left.name == right.name ? left.value < right.value : left.name < right.name
        }
        return sorted.map { item in item.name + "=" + item.value }.joined(separator: "&")
    }

    /// `name:value\n` for each header name in lower case, sorted; values trimmed, inner runs of
    /// spaces made one, and repeated names' values joined with commas in their order.
    static func canonicalHeaders(_ request: SignableRequest) -> String {
        groupedHeaders(request).map { "\($0.name):\($0.value)\n" }.joined()
    }

    /// The lower-case header names, sorted, joined with `;`.
    static func signedHeaderNames(_ request: SignableRequest) -> String {
        groupedHeaders(request).map(\.name).joined(separator: ";")
    }

    private static func groupedHeaders(_ request: SignableRequest) -> [(name: String, value: String)] {
        var values: [String: [String]] = [:]
        for header in request.headers where header.name.lowercased() != "authorization" {
            values[header.name.lowercased(), default: []].append(trimmed(header.value))
        }
        return values.keys.sorted().map { ($0, values[$0]!.joined(separator: ",")) }
    }

    private static func trimmed(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
    }

    // MARK: Dates and hex

    /// `20150830T123600Z`.
    public static func timestamp(_ date: Date) -> String { format(date, "yyyyMMdd'T'HHmmss'Z'") }

    /// `20150830`.
    static func day(_ date: Date) -> String { format(date, "yyyyMMdd") }

    private static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// Lower-case hex of bytes.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
