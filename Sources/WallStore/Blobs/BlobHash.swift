import Foundation

/// The SHA-256 of a blob's bytes, as 64 lower-case hex digits: the blob's name in every store.
public struct BlobHash: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 64 hex digits.
    public let hex: String

    /// Accepts exactly 64 lower-case hex digits (so a hash can never name a path outside the
    /// store); nil otherwise.
    public init?(hex: String) {
        guard hex.utf8.count == 64,
            hex.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        self.hex = hex
    }

    /// The hex digits.
    public var description: String { hex }

    /// Decodes from the hex string, refusing anything that is not a hash.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let hash = BlobHash(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not a SHA-256 hex digest."))
        }
        self = hash
    }

    /// Encodes as the hex string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
