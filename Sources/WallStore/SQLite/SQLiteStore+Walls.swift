import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func walls(userID: UUID) async throws -> [Wall] {
        try await pool.read { db in try WallSQL.all(userID: userID, db) }
    }

    public func wall(ref: String, userID: UUID) async throws -> Wall? {
        try await pool.read { db in
            guard let id = try WallSQL.resolve(ref, userID: userID, db) else { return nil }
            return try WallSQL.fetch(id: id, userID: userID, db)
        }
    }

    public func createWall(_ change: ValidWallChange, userID: UUID) async throws -> Wall {
        let now = self.now
        return try await write { db, _ in
            let count = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM walls WHERE user_id = ?", arguments: [userID.dbText]
            ) ?? 0
            guard count < Limits.maxWallsPerUser else { throw StoreError.tooManyWalls }
            let slug = try Self.freeSlug(for: change, userID: userID, db)
            let position = try Int.fetchOne(
                db, sql: "SELECT coalesce(max(position), -1) + 1 FROM walls WHERE user_id = ?",
                arguments: [userID.dbText]
            ) ?? 0
            let id = UUID.timeOrdered(at: now)
            try WallSQL.insert(
                id: id, slug: slug, name: change.name ?? slug, isDefault: false,
                position: change.position ?? position, userID: userID, at: now, db
            )
            guard let wall = try WallSQL.fetch(id: id, userID: userID, db) else { throw StoreError.notFound("wall") }
            return wall
        }
    }

    public func updateWall(id: UUID, change: ValidWallChange, userID: UUID) async throws -> Wall {
        try await write { db, _ in
            guard let current = try WallSQL.fetch(id: id, userID: userID, db) else { throw StoreError.notFound("wall") }
            if let slug = change.slug, slug != current.slug, try WallSQL.slugExists(slug, userID: userID, db) {
                throw StoreError.slugTaken(slug)
            }
            try db.execute(
                sql: "UPDATE walls SET name = ?, slug = ?, position = ? WHERE id = ?",
                arguments: [
                    change.name ?? current.name, change.slug ?? current.slug, change.position ?? current.position,
                    id.dbText,
                ]
            )
            guard let wall = try WallSQL.fetch(id: id, userID: userID, db) else { throw StoreError.notFound("wall") }
            return wall
        }
    }

    public func deleteWall(id: UUID, userID: UUID, disposal: WallDisposal) async throws {
        let now = self.now
        try await write { db, events in
            guard let wall = try WallSQL.fetch(id: id, userID: userID, db) else { throw StoreError.notFound("wall") }
            guard !wall.isDefault else { throw StoreError.defaultWallRequired }
            if wall.itemCount > 0 {
                try Self.dispose(itemsOf: wall, disposal, userID: userID, now: now, db, &events)
            }
            try db.execute(sql: "DELETE FROM walls WHERE id = ?", arguments: [id.dbText])
        }
    }

    // MARK: Helpers

    /// The slug for a new wall: the one asked for (refused if taken), or one made from the name
    /// with a number added until it is free.
    private static func freeSlug(for change: ValidWallChange, userID: UUID, _ db: Database) throws -> String {
        if let slug = change.slug {
            guard try !WallSQL.slugExists(slug, userID: userID, db) else { throw StoreError.slugTaken(slug) }
            return slug
        }
        let base = Slug.make(from: change.name ?? "wall")
        var candidate = base
        var number = 2
        while try WallSQL.slugExists(candidate, userID: userID, db) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        return candidate
    }

    /// Merges an item into the item holding the same link on the target wall: its note and tags
    /// are kept there, its share ids answer with that item from now on, and it is deleted.
    private static func merge(
        _ item: Item, into existing: Item, userID: UUID, now: Date, _ db: Database, _ events: inout EventBatch
    ) throws {
        var merged = existing.absorbing(item)
        if merged != existing {
            merged.updatedAt = now
            try ItemSQL.update(merged, sortKey: nil, db)
            if merged.tags != existing.tags {
                try ItemSQL.replaceTags(merged.tags, itemID: merged.id, userID: userID, db)
            }
            try EventSQL.record(.updated, item: merged, userID: userID, at: now, db, in: &events)
        }
        try db.execute(
            sql: "UPDATE share_receipts SET item_id = ? WHERE user_id = ? AND item_id = ?",
            arguments: [existing.id.dbText, userID.dbText, item.id.dbText]
        )
        _ = try ItemSQL.delete(id: item.id, userID: userID, db)
        try EventSQL.record(.deleted, item: item, userID: userID, at: now, db, in: &events)
    }

    /// Empties a wall that is about to be deleted, as `disposal` says.
    private static func dispose(
        itemsOf wall: Wall, _ disposal: WallDisposal, userID: UUID, now: Date, _ db: Database,
        _ events: inout EventBatch
    ) throws {
        let ids = try String.fetchAll(
            db, sql: "SELECT id FROM items WHERE wall_id = ? ORDER BY sort_key", arguments: [wall.id.dbText]
        ).map(SQLiteRows.uuid)
        switch disposal {
        case .refuse:
            throw StoreError.wallNotEmpty(wall.itemCount)
        case .deleteItems:
            for id in ids {
                guard let item = try ItemSQL.fetch(id: id, userID: userID, db) else { continue }
                _ = try ItemSQL.delete(id: id, userID: userID, db)
                try EventSQL.record(.deleted, item: item, userID: userID, at: now, db, in: &events)
            }
        case .moveTo(let ref):
            let target = try WallSQL.require(ref, userID: userID, db)
            guard target != wall.id else { throw StoreError.conflict("Items can't be moved to the wall being deleted.") }
            for id in ids {
                guard var item = try ItemSQL.fetch(id: id, userID: userID, db) else { continue }
                if let link = try ItemSQL.canonicalURL(itemID: id, db),
                   let existing = try ItemSQL.fetch(wallID: target, canonicalURL: link, db) {
                    try merge(item, into: existing, userID: userID, now: now, db, &events)
                    continue
                }
                item.wallId = target
                item.updatedAt = now
                try ItemSQL.update(item, sortKey: nil, db)
                try EventSQL.record(.updated, item: item, userID: userID, at: now, db, in: &events)
            }
        }
    }
}
