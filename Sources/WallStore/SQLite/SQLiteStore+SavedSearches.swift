import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func createSavedSearch(_ change: ValidSavedSearchChange, userID: UUID) async throws -> SavedSearch {
        guard let name = change.name, let query = change.query else { throw StoreError.conflict("A saved search needs a name and a query.") }
        let now = self.now
        return try await write { db, _ in
            let taken = Set(try String.fetchAll(db, sql: "SELECT slug FROM saved_searches WHERE user_id = ?", arguments: [userID.dbText]))
            let search = SavedSearch(
                id: UUID.timeOrdered(at: now), name: name, query: query,
                slug: try SavedSearchRules.newSlug(named: name, taken: taken), createdAt: now, updatedAt: now
            )
            try db.execute(
                sql: """
                    INSERT INTO saved_searches (id, user_id, name, slug, query, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    search.id.dbText, userID.dbText, search.name, search.slug, search.query,
                    now.millisSince1970, now.millisSince1970,
                ]
            )
            return search
        }
    }

    public func savedSearches(userID: UUID) async throws -> [SavedSearch] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM saved_searches WHERE user_id = ? ORDER BY name, id", arguments: [userID.dbText]
            ).map(Self.savedSearch)
        }
    }

    public func savedSearch(ref: String, userID: UUID) async throws -> SavedSearch? {
        try await pool.read { db in try Self.fetchSavedSearch(ref: ref, userID: userID, db) }
    }

    public func updateSavedSearch(id: UUID, change: ValidSavedSearchChange, userID: UUID) async throws -> SavedSearch {
        let now = self.now
        return try await write { db, _ in
            guard let current = try Self.fetchSavedSearch(ref: id.dbText, userID: userID, db) else {
                throw StoreError.notFound("search")
            }
            let search = SavedSearchRules.updated(current, with: change, at: now)
            try db.execute(
                sql: "UPDATE saved_searches SET name = ?, query = ?, updated_at = ? WHERE id = ?",
                arguments: [search.name, search.query, search.updatedAt.millisSince1970, id.dbText]
            )
            return search
        }
    }

    public func deleteSavedSearch(id: UUID, userID: UUID) async throws -> Bool {
        try await write { db, _ in
            try db.execute(
                sql: "DELETE FROM saved_searches WHERE id = ? AND user_id = ?", arguments: [id.dbText, userID.dbText]
            )
            return db.changesCount > 0
        }
    }

    static func fetchSavedSearch(ref: String, userID: UUID, _ db: Database) throws -> SavedSearch? {
        let row: Row?
        if let id = UUID(text: ref) {
            row = try Row.fetchOne(
                db, sql: "SELECT * FROM saved_searches WHERE id = ? AND user_id = ?", arguments: [id.dbText, userID.dbText]
            )
        } else {
            row = try Row.fetchOne(
                db, sql: "SELECT * FROM saved_searches WHERE slug = ? AND user_id = ?", arguments: [ref.lowercased(), userID.dbText]
            )
        }
        return try row.map(savedSearch)
    }

    static func savedSearch(_ row: Row) throws -> SavedSearch {
        SavedSearch(
            id: try SQLiteRows.uuid(row["id"]), name: row["name"], query: row["query"], slug: row["slug"],
            createdAt: SQLiteRows.date(row["created_at"]), updatedAt: SQLiteRows.date(row["updated_at"])
        )
    }
}
