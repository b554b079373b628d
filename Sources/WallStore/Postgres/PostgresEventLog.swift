import Foundation
import Logging
import PostgresNIO
import WallCore

/// Reading the event log: events with items as they are now; events of items that are gone are
/// skipped (their deletion follows in the log), in the query, so `limit` counts only events
/// returned and an empty answer means the reader is caught up.
enum PostgresEventLog {
    /// One user's events after `seq`, oldest first.
    static func events(
        after seq: Int64, userID: UUID, limit: Int, _ client: PostgresClient, logger: Logger
    ) async throws -> [ItemEvent] {
        let rows = try await client.query("""
            SELECT e.seq, e.kind, e.item_id, e.user_id, \(unescaped: PostgresRows.itemColumns("i"))
            FROM events e LEFT JOIN items i ON i.id = e.item_id AND \(item: "i", visibleTo: "e.user_id")
            WHERE e.user_id = \(userID) AND e.seq > \(seq) AND (e.kind = \(ItemEvent.Kind.deleted.rawValue) OR i.id IS NOT NULL)
            ORDER BY e.seq LIMIT \(limit)
            """, logger: logger)
        return try await rows.all().map { try event($0).event }
    }

    /// The events in (`after`, `upTo`] of these users, oldest first, for relaying.
    static func events(
        after seq: Int64, upTo last: Int64, users: [UUID], _ client: PostgresClient, logger: Logger
    ) async throws -> [(userID: UUID, event: ItemEvent)] {
        let rows = try await client.query("""
            SELECT e.seq, e.kind, e.item_id, e.user_id, \(unescaped: PostgresRows.itemColumns("i"))
            FROM events e LEFT JOIN items i ON i.id = e.item_id AND \(item: "i", visibleTo: "e.user_id")
            WHERE e.user_id = ANY(\(users)) AND e.seq > \(seq) AND e.seq <= \(last)
              AND (e.kind = \(ItemEvent.Kind.deleted.rawValue) OR i.id IS NOT NULL)
            ORDER BY e.seq
            """, logger: logger)
        return try await rows.all().map(event)
    }

    /// The highest seq handed out so far (0 for an empty log).
    static func lastSeq(_ client: PostgresClient, logger: Logger) async throws -> Int64 {
        let rows = try await client.query("SELECT coalesce(max(seq), 0)::bigint FROM events", logger: logger)
        return try await rows.first()?.decode(Int64.self) ?? 0
    }

    private static func event(_ row: PostgresRow) throws -> (userID: UUID, event: ItemEvent) {
        let cells = row.makeRandomAccess()
        let seq = try cells["seq"].decode(Int64.self)
        let kind = try PostgresRows.decode(ItemEvent.Kind.self, try cells["kind"].decode(String.self))
        let itemID = try cells["item_id"].decode(UUID.self)
        let userID = try cells["user_id"].decode(UUID.self)
        let item = kind == .deleted ? nil : try PostgresRows.item(cells).item
        return (userID, ItemEvent(seq: seq, type: kind, itemId: itemID, item: item))
    }
}
