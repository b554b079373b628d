import Foundation

/// The answer to `POST /v1/import`: what became of each entry, in the order sent, and the counts.
public struct ImportResponse: Codable, Sendable, Equatable {
    /// One result per entry.
    public var results: [ImportResult]
    /// How many entries became new items.
    public var imported: Int
    /// How many were on the wall already (same link on the same wall, or imported before).
    public var duplicates: Int
    /// How many were refused, each with its reason.
    public var skipped: Int

    /// Makes a response, counting the results.
    public init(results: [ImportResult]) {
        self.results = results
        self.imported = results.filter { $0.status == .imported }.count
        self.duplicates = results.filter { $0.status == .duplicate }.count
        self.skipped = results.filter { $0.status == .skipped }.count
    }
}

/// What became of one imported entry.
public struct ImportResult: Codable, Sendable, Equatable {
    /// How an entry was taken.
    public enum Status: String, Codable, Sendable {
        /// A new item.
        case imported
        /// Already there: the same link on the same wall, or this entry id imported before.
        case duplicate
        /// Refused; `reason` says why. Nothing of it was stored.
        case skipped
    }

    /// The entry's id.
    public var id: UUID
    /// What happened.
    public var status: Status
    /// The item the entry is on (absent when skipped).
    public var itemId: UUID?
    /// Why it was a duplicate or was skipped.
    public var reason: String?
    /// The field at fault, when skipped for bad input.
    public var field: String?

    /// Makes a result.
    public init(id: UUID, status: Status, itemId: UUID? = nil, reason: String? = nil, field: String? = nil) {
        self.id = id
        self.status = status
        self.itemId = itemId
        self.reason = reason
        self.field = field
    }
}
