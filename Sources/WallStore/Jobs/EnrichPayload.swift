import Foundation

/// The payload of an `enrich` job made by a share that carried a page snapshot: the blob holding
/// the snapshot (as JSON), so the share's request stores it without reading it and the job reads
/// it later. The blob sweeper keeps a blob while a job names it.
public struct EnrichPayload: Codable, Sendable, Equatable {
    /// The SHA-256 (hex) of the blob holding the `PageSnapshot` as JSON.
    public var pageSnapshot: String

    /// Makes a payload naming the snapshot's blob.
    public init(pageSnapshot: String) {
        self.pageSnapshot = pageSnapshot
    }

    /// The payload as the job stores it.
    public var encoded: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads a stored payload; nil for none or one this version does not know.
    public init?(stored: String?) {
        guard let stored, let value = try? JSONDecoder().decode(Self.self, from: Data(stored.utf8)) else { return nil }
        self = value
    }
}
