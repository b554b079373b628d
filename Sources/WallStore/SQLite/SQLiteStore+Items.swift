import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func saveShare(_ share: ValidShare, userID: UUID) async throws -> ShareOutcome {
        try await shareQueue.submit(QueuedShare(share: share, userID: userID))
    }

    public func item(id: UUID, userID: UUID) async throws -> Item? {
        try await pool.read { db in try ItemSQL.fetch(id: id, userID: userID, db) }
    }

    public func ownerOfChangeableItem(id: UUID, userID: UUID) async throws -> UUID? {
        guard let found = try await pool.read({ db in try WallAccessSQL.access(itemID: id, actor: userID, db) }) else { return nil }
        try found.access.requireChange(itemAddedBy: found.addedBy)
        return found.access.ownerID
    }

    public func items(matching query: ItemQuery, userID: UUID) async throws -> ItemPage {
        if query.search != nil { try await searchIndexer.flushAll() }
        return try await pool.read { db in
            let visible: VisibleItems
            if let wall = query.wall {
                guard let access = try WallAccessSQL.access(wall, actor: userID, db) else {
                    throw StoreError.notFound("wall")
                }
                visible = .onWall(access)
            } else {
                let shared = query.ownWallsOnly ? [] : try WallAccessSQL.memberWalls(actor: userID, db)
                visible = .acrossWalls(of: userID, shared: shared)
            }
            let search = try query.search.flatMap { expression in
                try ItemSearch(expression) { ref in try WallAccessSQL.searchWalls(ref, actor: userID, db) }
            }
            // A search with few matches starts from them (a lookup each, then sorted); otherwise,
            // as without a search, the wall is walked newest first until the page is full. A
            // leading `+` keeps SQLite off a column's index, so it can't choose the walk.
            let sparse = try search?.words.map { try Self.isSparse($0, db) } ?? false
            let indexed = { (column: String) in sparse ? "+" + column : column }
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let wallID = visible.onlyWall {
                conditions.append(indexed("wall_id") + " = ?")
                arguments += [wallID.dbText]
            } else if let ownerID = visible.onlyOwner {
                conditions.append(indexed("user_id") + " = ?")
                arguments += [ownerID.dbText]
            } else {
                conditions.append("(user_id = ? OR wall_id IN (\(databaseQuestionMarks(count: visible.wallIDs.count))))")
                arguments += [visible.ownerID?.dbText] + StatementArguments(visible.wallIDs.map(\.dbText))
            }
            if let item = query.item {
                conditions.append("id = ?")
                arguments += [item.dbText]
            }
            let filters = SQLiteItemFilterSQL(tagOwners: visible.tagOwners)
            if let kind = query.kind { conditions.append(filters.condition(.kind(kind), &arguments)) }
            if let tag = query.tag { conditions.append(filters.condition(.tag(tag.lowercased()), &arguments)) }
            if let words = search?.words { conditions.append(filters.condition(.text(words), &arguments)) }
            if let filter = search?.filter { conditions.append(filters.condition(filter, &arguments)) }
            if let cursor = query.cursor {
                conditions.append(indexed("sort_key") + " < ?")
                arguments += [cursor.sortKey]
            }
            arguments += [query.limit + 1]
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SQLiteRows.itemColumns) FROM items WHERE \(conditions.joined(separator: " AND "))
                    ORDER BY sort_key DESC LIMIT ?
                    """,
                arguments: arguments
            )
            let page = rows.prefix(query.limit)
            let next = rows.count > query.limit ? page.last.map { ItemCursor(sortKey: $0["sort_key"]).encoded } : nil
            return ItemPage(items: try page.map(SQLiteRows.item), nextCursor: next)
        }
    }

    public func updateItem(id: UUID, userID: UUID, patch: ValidItemPatch) async throws -> Item {
        let now = self.now
        return try await write { db, events in
            guard let (access, addedBy) = try WallAccessSQL.access(itemID: id, actor: userID, db),
                  let current = try ItemSQL.fetch(id: id, userID: userID, db)
            else { throw StoreError.notFound("item") }
            try access.requireChange(itemAddedBy: addedBy)
            var target: UUID?
            var holder: UUID?
            if let ref = patch.targetWallRef {
                let destination = try WallAccessSQL.require(ref, actor: userID, db)
                try access.requireMove(to: destination)
                target = destination.wallID
                holder = try ItemSQL.canonicalURL(itemID: id, db).flatMap { link in
                    try ItemSQL.fetch(wallID: destination.wallID, canonicalURL: link, db)?.id
                }
            }
            guard let item = try ItemUpdateRule.updated(current, by: patch, targetWall: target, linkHolder: holder, now: now)
            else { return current }
            try ItemSQL.update(item, sortKey: nil, db)
            if item.tags != current.tags { try ItemSQL.replaceTags(item.tags, itemID: id, userID: access.ownerID, db) }
            try EventSQL.record(.updated, item: item, userID: access.ownerID, at: now, db, in: &events)
            return item
        }
    }

    public func deleteItem(id: UUID, userID: UUID) async throws -> Bool {
        let now = self.now
        return try await write { db, events in
            guard let (access, addedBy) = try WallAccessSQL.access(itemID: id, actor: userID, db),
                  let item = try ItemSQL.fetch(id: id, userID: userID, db)
            else { return false }
            try access.requireChange(itemAddedBy: addedBy)
            _ = try ItemSQL.delete(id: id, userID: access.ownerID, db)
            try EventSQL.record(.deleted, item: item, userID: access.ownerID, at: now, db, in: &events)
            return true
        }
    }

    /// Most matches for which a search starts from the full-text index's matches rather than
    /// walking the wall: walking finds a page after about `pageSize × items / matches` rows,
    /// starting from the matches costs about `matches` lookups, and they cross near
    /// √(30 × 100,000) ≈ 1,700 on a wall of 100,000 items.
    static let sparseSearchMatches = 2_000

    /// Whether `search` matches at most `sparseSearchMatches` items (of anyone's: the index is
    /// shared, so this bounds the work, not the answer).
    private static func isSparse(_ search: SearchQuery, _ db: Database) throws -> Bool {
        let count = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM (SELECT rowid FROM items_fts WHERE items_fts MATCH ? LIMIT ?)",
            arguments: [search.fts5Expression, sparseSearchMatches + 1]
        ) ?? 0
        return count <= sparseSearchMatches
    }

    // MARK: Events

    public func events(after seq: Int64, userID: UUID, limit: Int) async throws -> [ItemEvent] {
        try await pool.read { db in try EventSQL.events(after: seq, userID: userID, limit: limit, db) }
    }
}

extension SearchQuery {
    /// The query as an FTS5 MATCH expression: every term quoted (so nothing is operator syntax),
    /// words as prefixes, all terms required.
    var fts5Expression: String {
        terms.map { term in
            switch term {
            case .word(let word): "\"\(word)\"*"
            case .phrase(let words): "\"\(words.joined(separator: " "))\""
            }
        }.joined(separator: " AND ")
    }
}
