/// Where blobs go in an S3-compatible store: a bucket and a key prefix, from
/// `--blob-store s3://bucket/prefix`.
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    /// The bucket.
    public var bucket: String
    /// The key prefix without leading or trailing slashes (empty for the bucket's root).
    public var prefix: String

    /// Makes a location.
    public init(bucket: String, prefix: String = "") {
        self.bucket = bucket
        self.prefix = prefix
    }

    /// Reads `s3://bucket` or `s3://bucket/some/prefix`; throws a sentence saying what is wrong.
    public init(parsing text: String) throws(S3ConfigurationError) {
        guard text.hasPrefix("s3://") else { throw .badLocation(text, "it must start with s3://") }
        let rest = text.dropFirst("s3://".count)
        let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let bucket = String(parts[0])
        guard Self.isBucketName(bucket) else {
            throw .badLocation(text, "a bucket name is 3 to 63 lower-case letters, digits, dots and hyphens")
        }
        let prefix = parts.count > 1 ? String(parts[1]).trimmingSlashes : ""
        guard !prefix.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
            throw .badLocation(text, "the prefix may not contain . or .. segments")
        }
        self.init(bucket: bucket, prefix: prefix)
    }

    /// `s3://bucket/prefix`.
    public var description: String { prefix.isEmpty ? "s3://\(bucket)" : "s3://\(bucket)/\(prefix)" }

    /// A key under the prefix.
    public func key(_ name: String) -> String { prefix.isEmpty ? name : "\(prefix)/\(name)" }

    /// S3's bucket naming rule (the part every provider shares).
    static func isBucketName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count), let first = bytes.first, let last = bytes.last else { return false }
        func isLowerOrDigit(_ byte: UInt8) -> Bool { (97...122).contains(byte) || (48...57).contains(byte) }
        return isLowerOrDigit(first) && isLowerOrDigit(last)
            && bytes.allSatisfy { isLowerOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }
}

extension String {
    fileprivate var trimmingSlashes: String {
        var text = Substring(self)
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
