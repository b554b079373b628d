import Foundation
import Logging
import PostgresNIO
import WallCore

extension PostgresStore {
    public func createSavedSearch(_ change: ValidSavedSearchChange, userID: UUID) async throws -> SavedSearch {
        guard let name = change.name, let query = change.query else { throw StoreError.conflict("A saved search needs a name and a query.") }
        try await ready.wait()
        let now = self.now
        return try await client.transaction(logger: logger) { connection in
            guard try await PostgresLocks.lockUser(userID, connection, logger: logger) else {
                throw StoreError.notFound("user")
            }
            let rows = try await connection.query("SELECT slug FROM saved_searches WHERE user_id = \(userID)", logger: logger)
            let taken = Set(try await rows.all().map { try $0.decode(String.self) })
            let search = SavedSearch(
                id: UUID.timeOrdered(at: now), name: name, query: query,
                slug: try SavedSearchRules.newSlug(named: name, taken: taken), createdAt: now, updatedAt: now
            )
            try await connection.query("""
                INSERT INTO saved_searches (id, user_id, name, slug, query, created_at, updated_at)
                VALUES (\(search.id), \(userID), \(search.name), \(search.slug), \(search.query), \(now), \(now))
                """, logger: logger)
            return search
        }
    }

    public func savedSearches(userID: UUID) async throws -> [SavedSearch] {
        try await ready.wait()
        let rows = try await client.query("""
            SELECT \(unescaped: Self.savedSearchColumns) FROM saved_searches
            WHERE user_id = \(userID) ORDER BY name COLLATE "C", id
            """, logger: logger)
        return try await rows.all().map(Self.savedSearch)
    }

    public func savedSearch(ref: String, userID: UUID) async throws -> SavedSearch? {
        try await ready.wait()
        return try await Self.fetchSavedSearch(ref: ref, userID: userID, client, logger: logger)
    }

    public func updateSavedSearch(id: UUID, change: ValidSavedSearchChange, userID: UUID) async throws -> SavedSearch {
        try await ready.wait()
        let now = self.now
        return try await client.transaction(logger: logger) { connection in
            guard let current = try await Self.fetchSavedSearch(
                ref: id.lowercasedText, userID: userID, connection, logger: logger, forUpdate: true
            ) else { throw StoreError.notFound("search") }
            let search = SavedSearchRules.updated(current, with: change, at: now)
            try await connection.query("""
                UPDATE saved_searches SET name = \(search.name), query = \(search.query), updated_at = \(search.updatedAt)
                WHERE id = \(id)
                """, logger: logger)
            return search
        }
    }

    public func deleteSavedSearch(id: UUID, userID: UUID) async throws -> Bool {
        try await ready.wait()
        let rows = try await client.query(
            "DELETE FROM saved_searches WHERE id = \(id) AND user_id = \(userID) RETURNING id", logger: logger
        )
        return try await rows.all().count > 0
    }

    static let savedSearchColumns = "id, name, query, slug, created_at, updated_at"

    static func fetchSavedSearch(
        ref: String, userID: UUID, _ db: some PostgresQueryRunner, logger: Logger, forUpdate: Bool = false
    ) async throws -> SavedSearch? {
        let lock = forUpdate ? " FOR UPDATE" : ""
        let rows: PostgresRowSequence
        if let id = UUID(uuidString: ref) {
            rows = try await db.run("""
                SELECT \(unescaped: savedSearchColumns) FROM saved_searches WHERE id = \(id) AND user_id = \(userID)\(unescaped: lock)
                """, logger: logger)
        } else {
            let slug = ref.lowercased()
            guard slug.isStorableInPostgres else { return nil }
            rows = try await db.run("""
                SELECT \(unescaped: savedSearchColumns) FROM saved_searches WHERE slug = \(slug) AND user_id = \(userID)\(unescaped: lock)
                """, logger: logger)
        }
        return try await rows.first().map(savedSearch)
    }

    static func savedSearch(_ row: PostgresRow) throws -> SavedSearch {
        let (id, name, query, slug, created, updated) = try row.decode((UUID, String, String, String, Date, Date).self)
        return SavedSearch(
            id: id, name: name, query: query, slug: slug, createdAt: created.roundedToMillis, updatedAt: updated.roundedToMillis
        )
    }
}
