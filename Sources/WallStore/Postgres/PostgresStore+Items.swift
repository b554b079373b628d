import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    public func item(id: UUID, userID: UUID) async throws -> Item? {
        try await ready.wait()
        return try await PostgresItemSQL.fetch(id: id, userID: userID, client, logger: logger)
    }

    public func ownerOfChangeableItem(id: UUID, userID: UUID) async throws -> UUID? {
        try await ready.wait()
        guard let found = try await PostgresWallAccessSQL.access(itemID: id, actor: userID, client, logger: logger) else {
            return nil
        }
        try found.access.requireChange(itemAddedBy: found.addedBy)
        return found.access.ownerID
    }

    public func items(matching query: ItemQuery, userID: UUID) async throws -> ItemPage {
        try await ready.wait()
        let visible: VisibleItems
        if let wall = query.wall {
            guard let access = try await PostgresWallAccessSQL.access(wall, actor: userID, client, logger: logger) else {
                throw StoreError.notFound("wall")
            }
            visible = .onWall(access)
        } else {
            let shared = query.ownWallsOnly
                ? [] : try await PostgresWallAccessSQL.memberWalls(actor: userID, client, logger: logger)
            visible = .acrossWalls(of: userID, shared: shared)
        }
        let search = try await itemSearch(query.search, userID: userID)
        // One wall, or one owner, is an equality the planner walks an index with, newest first;
        // the owner's items and other walls (a NULL switch when not) are read and sorted.
        let mixed = visible.onlyWall == nil && visible.onlyOwner == nil ? visible.wallIDs : nil
        let tag = query.tag?.lowercased()
        if let tag, !tag.isStorableInPostgres { return ItemPage(items: [], nextCursor: nil) }
        // One statement whatever the plain filters: an absent one is a NULL parameter that
        // matches all; the search's operators follow as conditions of their own.
        let words = search?.words?.tsqueryText
        var statement: PostgresQuery = """
            SELECT \(unescaped: PostgresRows.itemColumns("i")) FROM items i
            WHERE (\(visible.onlyOwner)::uuid IS NULL OR i.user_id = \(visible.onlyOwner))
              AND (\(visible.onlyWall)::uuid IS NULL OR i.wall_id = \(visible.onlyWall))
              AND (\(mixed)::uuid[] IS NULL OR i.user_id = \(visible.ownerID) OR i.wall_id = ANY(\(mixed)::uuid[]))
              AND (\(query.item)::uuid IS NULL OR i.id = \(query.item))
              AND (\(query.kind?.rawValue)::text IS NULL OR i.kind = \(query.kind?.rawValue))
              AND (\(tag)::text IS NULL OR i.tags @> ARRAY[\(tag)::text])
              AND (\(words)::text IS NULL OR i.search @@ to_tsquery('dwall_search', \(words)))
              AND (\(query.cursor?.sortKey)::bigint IS NULL OR i.sort_key < \(query.cursor?.sortKey))
            """
        if let filter = search?.filter { PostgresItemFilterSQL.appendCondition(filter, to: &statement) }
        statement.sql += " ORDER BY i.sort_key DESC LIMIT \(query.limit + 1)"
        let rows = try await client.query(statement, logger: logger)
        let found = try await rows.all().map { try PostgresRows.item($0.makeRandomAccess()) }
        let page = found.prefix(query.limit)
        let next = found.count > query.limit ? page.last.map { ItemCursor(sortKey: $0.sortKey).encoded } : nil
        return ItemPage(items: page.map(\.item), nextCursor: next)
    }

    /// `expression` as the store runs it, each `wall:` resolved to the walls the person sees by it.
    private func itemSearch(_ expression: SearchExpression?, userID: UUID) async throws -> ItemSearch? {
        guard let expression else { return nil }
        var walls: [String: [UUID]] = [:]
        for ref in ItemSearch.wallRefs(in: expression) {
            walls[ref] = try await PostgresWallAccessSQL.searchWalls(ref, actor: userID, client, logger: logger)
        }
        return ItemSearch(expression) { ref in walls[ref] ?? [] }
    }

    public func updateItem(id: UUID, userID: UUID, patch: ValidItemPatch) async throws -> Item {
        let now = self.now
        return try await writeEvents { connection, events in
            guard let (access, addedBy) = try await PostgresWallAccessSQL.access(
                      itemID: id, actor: userID, connection, logger: logger
                  ),
                  let current = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger)
            else { throw StoreError.notFound("item") }
            try access.requireChange(itemAddedBy: addedBy)
            var target: UUID?
            var holder: UUID?
            if let ref = patch.targetWallRef {
                let destination = try await PostgresWallAccessSQL.require(ref, actor: userID, connection, logger: logger)
                try access.requireMove(to: destination)
                target = destination.wallID
                if let link = try await PostgresItemSQL.canonicalURL(itemID: id, connection, logger: logger) {
                    holder = try await PostgresItemSQL.fetch(
                        wallID: destination.wallID, canonicalURL: link, connection, logger: logger
                    )?.id
                }
            }
            guard let item = try ItemUpdateRule.updated(current, by: patch, targetWall: target, linkHolder: holder, now: now)
            else { return current }
            try await PostgresItemSQL.update(item, sortKey: nil, connection, logger: logger)
            try await events.record(.updated, item: item, userID: access.ownerID, at: now, connection, logger: logger)
            return item
        }
    }

    public func deleteItem(id: UUID, userID: UUID) async throws -> Bool {
        let now = self.now
        return try await writeEvents { connection, events in
            guard let (access, addedBy) = try await PostgresWallAccessSQL.access(
                      itemID: id, actor: userID, connection, logger: logger
                  ),
                  let item = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger)
            else { return false }
            try access.requireChange(itemAddedBy: addedBy)
            _ = try await PostgresItemSQL.delete(id: id, userID: access.ownerID, connection, logger: logger)
            try await events.record(.deleted, item: item, userID: access.ownerID, at: now, connection, logger: logger)
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
