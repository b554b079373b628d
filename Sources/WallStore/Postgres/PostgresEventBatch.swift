import Foundation
import Logging
import PostgresNIO
import WallCore

/// The events one transaction writes: appended to the log as they happen, announced to every
/// replica (NOTIFY) when the transaction commits.
struct PostgresEventBatch: Sendable {
    var entries: [(userID: UUID, event: ItemEvent)] = []
    /// The notices already sent by the transaction's own statements (the share writer's folds
    /// its notice into its write): each one's highest seq and how many `entries` it covers.
    private(set) var announced: [(maxSeq: Int64, count: Int)] = []

    var isEmpty: Bool { entries.isEmpty }
    /// The highest sequence number in the batch.
    var maxSeq: Int64 { entries.map(\.event.seq).max() ?? 0 }

    /// Appends an event for `item` to the log for its owner `userID` and for each member of its
    /// wall, each with the next sequence number, in one statement; returns the owner's.
    /// The caller holds the events lock (`PostgresLocks.events`).
    @discardableResult
    mutating func record(
        _ kind: ItemEvent.Kind, item: Item, userID: UUID, at date: Date, _ connection: PostgresConnection,
        logger: Logger
    ) async throws -> Int64 {
        let rows = try await connection.query("""
            WITH recipients AS (
                SELECT \(userID)::uuid AS user_id
                UNION ALL
                SELECT user_id FROM wall_members WHERE wall_id = \(item.wallId) AND user_id <> \(userID)
            )
            INSERT INTO events (seq, user_id, kind, item_id, created_at)
            SELECT nextval('events_seq'), user_id, \(kind.rawValue), \(item.id), \(date) FROM recipients
            RETURNING seq, user_id
            """, logger: logger)
        var ownerSeq: Int64?
        for try await (seq, recipient) in rows.decode((Int64, UUID).self) {
            append(kind, item: item, userID: recipient, seq: seq)
            if recipient == userID { ownerSeq = seq }
        }
        guard let ownerSeq else { throw CorruptRow(detail: "no event seq") }
        return ownerSeq
    }

    /// Notes an event whose row the caller wrote itself.
    mutating func append(_ kind: ItemEvent.Kind, item: Item, userID: UUID, seq: Int64) {
        entries.append((userID, ItemEvent(seq: seq, type: kind, itemId: item.id, item: kind == .deleted ? nil : item)))
    }

    /// The NOTIFY payload: who wrote the events, the highest seq, and whose events they are.
    func notice(origin: UUID) -> PostgresEventNotice {
        PostgresEventNotice(origin: origin, maxSeq: maxSeq, naming: entries.map(\.userID))
    }

    /// Notes that every entry so far was announced by a notice with `maxSeq` sent in one of the
    /// transaction's statements.
    mutating func markAnnounced(maxSeq: Int64) {
        announced.append((maxSeq, entries.count))
    }

    /// The events each notice announces, in order: those announced inside the transaction's
    /// statements, then (`sent == false`) those still to announce at its end, if any.
    var segments: [(notice: Int64, entries: [(userID: UUID, event: ItemEvent)], sent: Bool)] {
        var result: [(notice: Int64, entries: [(userID: UUID, event: ItemEvent)], sent: Bool)] = []
        var start = 0
        for (maxSeq, count) in announced {
            result.append((maxSeq, Array(entries[start..<count]), true))
            start = count
        }
        let rest = Array(entries[start...])
        if let last = rest.map(\.event.seq).max() { result.append((last, rest, false)) }
        return result
    }
}

/// What a replica says on the `dwall_events` channel when a transaction holding events commits.
struct PostgresEventNotice: Sendable, Equatable {
    /// The store (replica) that wrote them.
    var origin: UUID
    /// The transaction's highest event seq; its events are those after the previous notice's.
    var maxSeq: Int64
    /// Whose events they are; `nil` when too many to list (any user's).
    var users: [UUID]?

    /// The channel.
    static let channel = "dwall_events"

    /// `origin maxSeq user…` (or `*` for any user): well under NOTIFY's 8,000 bytes.
    var payload: String {
        let who = users.map { $0.map(\.lowercasedText).joined(separator: " ") } ?? "*"
        return "\(origin.lowercasedText) \(maxSeq) \(who)"
    }

    init(origin: UUID, maxSeq: Int64, users: [UUID]?) {
        self.origin = origin
        self.maxSeq = maxSeq
        self.users = users
    }

    /// A notice naming each of `users` once, or any user (`*`) when they are more than 100.
    init(origin: UUID, maxSeq: Int64, naming users: [UUID]) {
        var unique: [UUID] = []
        var seen = Set<UUID>()
        for user in users where seen.insert(user).inserted { unique.append(user) }
        self.init(origin: origin, maxSeq: maxSeq, users: unique.count <= 100 ? unique : nil)
    }

    /// Reads a payload; `nil` for anything this version did not write.
    init?(payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count >= 2, let origin = UUID(text: String(parts[0])), let maxSeq = Int64(parts[1]) else {
            return nil
        }
        self.origin = origin
        self.maxSeq = maxSeq
        if parts.count == 3, parts[2] == "*" {
            self.users = nil
        } else {
            var users: [UUID] = []
            for part in parts.dropFirst(2) {
                guard let user = UUID(text: String(part)) else { return nil }
                users.append(user)
            }
            self.users = users
        }
    }

    /// Sends the notice; it is delivered when (and only if) the transaction commits.
    func send(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
    }
}
