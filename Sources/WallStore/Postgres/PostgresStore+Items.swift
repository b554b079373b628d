import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    public func item(id: UUID, userID: UUID) async throws -> Item? {
        try await ready.wait()
        return try await PostgresItemSQL.fetch(id: id, userID: userID, client, logger: logger)
    }

    public func items(matching query: ItemQuery, userID: UUID) async throws -> ItemPage {
        try await ready.wait()
        var wallID: UUID?
        if let wall = query.wall {
            guard let id = try await PostgresWallSQL.resolve(wall, userID: userID, client, logger: logger) else {
                throw StoreError.notFound("wall")
            }
            wallID = id
        }
        let tag = query.tag?.lowercased()
        if let tag, !tag.isStorableInPostgres { return ItemPage(items: [], nextCursor: nil) }
        // One statement whatever the filters: an absent filter is a NULL parameter that matches all.
        let rows = try await client.query("""
            SELECT \(unescaped: PostgresRows.itemColumns("i")) FROM items i
            WHERE i.user_id = \(userID)
              AND (\(wallID)::uuid IS NULL OR i.wall_id = \(wallID))
              AND (\(query.kind?.rawValue)::text IS NULL OR i.kind = \(query.kind?.rawValue))
              AND (\(tag)::text IS NULL OR i.tags @> ARRAY[\(tag)::text])
              AND (\(query.search?.tsqueryText)::text IS NULL
                   OR i.search @@ to_tsquery('dwall_search', \(query.search?.tsqueryText)))
              AND (\(query.cursor?.sortKey)::bigint IS NULL OR i.sort_key < \(query.cursor?.sortKey))
            ORDER BY i.sort_key DESC LIMIT \(query.limit + 1)
            """, logger: logger)
        let found = try await rows.all().map { try PostgresRows.item($0.makeRandomAccess()) }
        let page = found.prefix(query.limit)
        let next = found.count > query.limit ? page.last.map { ItemCursor(sortKey: $0.sortKey).encoded } : nil
        return ItemPage(items: page.map(\.item), nextCursor: next)
    }

    public func updateItem(id: UUID, userID: UUID, patch: ValidItemPatch) async throws -> Item {
        let now = self.now
        return try await writeEvents { connection, events in
            guard let current = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                throw StoreError.notFound("item")
            }
            var target: UUID?
            var holder: UUID?
            if let ref = patch.targetWallRef {
                let wallID = try await PostgresWallSQL.require(ref, userID: userID, connection, logger: logger)
                target = wallID
                if let link = try await PostgresItemSQL.canonicalURL(itemID: id, connection, logger: logger) {
                    holder = try await PostgresItemSQL.fetch(
                        wallID: wallID, canonicalURL: link, connection, logger: logger
                    )?.id
                }
            }
            guard let item = try ItemUpdateRule.updated(current, by: patch, targetWall: target, linkHolder: holder, now: now)
            else { return current }
            try await PostgresItemSQL.update(item, sortKey: nil, connection, logger: logger)
            try await events.record(.updated, item: item, userID: userID, at: now, connection, logger: logger)
            return item
        }
    }

    public func deleteItem(id: UUID, userID: UUID) async throws -> Bool {
        let now = self.now
        return try await writeEvents { connection, events in
            guard let item = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                return false
            }
            _ = try await PostgresItemSQL.delete(id: id, userID: userID, connection, logger: logger)
            try await events.record(.deleted, item: item, userID: userID, at: now, connection, logger: logger)
            return true
        }
    }

    // MARK: Events

    public func events(after seq: Int64, userID: UUID, limit: Int) async throws -> [ItemEvent] {
        try await ready.wait()
        return try await PostgresEventLog.events(after: seq, userID: userID, limit: limit, client, logger: logger)
    }

    /// Runs `body` in a transaction holding the events lock (after `lockUser` when given), and
    /// announces its events to every replica when it commits.
    func writeEvents<Value: Sendable>(
        lockingUser lockUser: UUID? = nil,
        _ body: (PostgresConnection, inout PostgresEventBatch) async throws -> Value
    ) async throws -> Value {
        try await ready.wait()
        return try await eventTransactions.run(lockingUser: lockUser, body)
    }
}
