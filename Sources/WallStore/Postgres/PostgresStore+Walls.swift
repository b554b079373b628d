import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    public func walls(userID: UUID) async throws -> [Wall] {
        try await ready.wait()
        return try await PostgresWallSQL.all(userID: userID, client, logger: logger)
    }

    public func wall(ref: String, userID: UUID) async throws -> Wall? {
        try await ready.wait()
        guard let id = try await PostgresWallSQL.resolve(ref, userID: userID, client, logger: logger) else { return nil }
        return try await PostgresWallSQL.fetch(id: id, userID: userID, client, logger: logger)
    }

    public func createWall(_ change: ValidWallChange, userID: UUID) async throws -> Wall {
        try await ready.wait()
        let now = self.now
        return try await client.transaction(logger: logger) { connection in
            guard try await PostgresLocks.lockUser(userID, connection, logger: logger) else {
                throw StoreError.notFound("user")
            }
            let counts = try await connection.query("""
                SELECT count(*), coalesce(max(position), -1) + 1 FROM walls WHERE user_id = \(userID)
                """, logger: logger).first()
            let (count, nextPosition) = try counts?.decode((Int, Int).self) ?? (0, 0)
            guard count < Limits.maxWallsPerUser else { throw StoreError.tooManyWalls }
            let slug = try await freeSlug(for: change, userID: userID, connection)
            let id = UUID.timeOrdered(at: now)
            try await PostgresWallSQL.insert(
                id: id, slug: slug, name: change.name ?? slug, isDefault: false,
                position: change.position ?? nextPosition, userID: userID, at: now, connection, logger: logger
            )
            guard let wall = try await PostgresWallSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                throw StoreError.notFound("wall")
            }
            return wall
        }
    }

    public func updateWall(id: UUID, change: ValidWallChange, userID: UUID) async throws -> Wall {
        try await ready.wait()
        return try await client.transaction(logger: logger) { connection in
            try await PostgresLocks.lockUser(userID, connection, logger: logger)
            guard let current = try await PostgresWallSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                throw StoreError.notFound("wall")
            }
            if let slug = change.slug, slug != current.slug,
               try await PostgresWallSQL.slugExists(slug, userID: userID, connection, logger: logger) {
                throw StoreError.slugTaken(slug)
            }
            try await connection.query("""
                UPDATE walls SET name = \(change.name ?? current.name), slug = \(change.slug ?? current.slug),
                    position = \(change.position ?? current.position)
                WHERE id = \(id)
                """, logger: logger)
            guard let wall = try await PostgresWallSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                throw StoreError.notFound("wall")
            }
            return wall
        }
    }

    public func deleteWall(id: UUID, userID: UUID, disposal: WallDisposal) async throws {
        let now = self.now
        try await writeEvents(lockingUser: userID) { connection, events in
            guard let wall = try await PostgresWallSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                throw StoreError.notFound("wall")
            }
            guard !wall.isDefault else { throw StoreError.defaultWallRequired }
            if wall.itemCount > 0 {
                try await dispose(itemsOf: wall, disposal, userID: userID, now: now, connection, &events)
            }
            try await connection.query("DELETE FROM walls WHERE id = \(id)", logger: logger)
        }
    }

    // MARK: Helpers

    /// The slug for a new wall: the one asked for (refused if taken), or one made from the name
    /// with a number added until it is free. The caller holds the user's lock.
    private func freeSlug(for change: ValidWallChange, userID: UUID, _ connection: PostgresConnection) async throws -> String {
        if let slug = change.slug {
            guard try await !PostgresWallSQL.slugExists(slug, userID: userID, connection, logger: logger) else {
                throw StoreError.slugTaken(slug)
            }
            return slug
        }
        let base = Slug.make(from: change.name ?? "wall")
        var candidate = base
        var number = 2
        while try await PostgresWallSQL.slugExists(candidate, userID: userID, connection, logger: logger) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        return candidate
    }

    /// Empties a wall that is about to be deleted, as `disposal` says.
    private func dispose(
        itemsOf wall: Wall, _ disposal: WallDisposal, userID: UUID, now: Date, _ connection: PostgresConnection,
        _ events: inout PostgresEventBatch
    ) async throws {
        let ids = try await connection.query(
            "SELECT id FROM items WHERE wall_id = \(wall.id) ORDER BY sort_key", logger: logger
        ).all().map { try $0.decode(UUID.self) }
        switch disposal {
        case .refuse:
            throw StoreError.wallNotEmpty(wall.itemCount)
        case .deleteItems:
            for id in ids {
                guard let item = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                    continue
                }
                _ = try await PostgresItemSQL.delete(id: id, userID: userID, connection, logger: logger)
                try await events.record(.deleted, item: item, userID: userID, at: now, connection, logger: logger)
            }
        case .moveTo(let ref):
            let target = try await PostgresWallSQL.require(ref, userID: userID, connection, logger: logger)
            guard target != wall.id else { throw StoreError.conflict("Items can't be moved to the wall being deleted.") }
            for id in ids {
                guard var item = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                    continue
                }
                if let link = try await PostgresItemSQL.canonicalURL(itemID: id, connection, logger: logger),
                   let existing = try await PostgresItemSQL.fetch(
                       wallID: target, canonicalURL: link, connection, logger: logger
                   ) {
                    try await merge(item, into: existing, userID: userID, now: now, connection, &events)
                    continue
                }
                item.wallId = target
                item.updatedAt = now
                try await PostgresItemSQL.update(item, sortKey: nil, connection, logger: logger)
                try await events.record(.updated, item: item, userID: userID, at: now, connection, logger: logger)
            }
        }
    }

    /// Merges an item into the item holding the same link on the target wall: its note and tags
    /// are kept there, its share ids answer with that item from now on, and it is deleted.
    private func merge(
        _ item: Item, into existing: Item, userID: UUID, now: Date, _ connection: PostgresConnection,
        _ events: inout PostgresEventBatch
    ) async throws {
        var merged = existing.absorbing(item)
        if merged != existing {
            merged.updatedAt = now
            try await PostgresItemSQL.update(merged, sortKey: nil, connection, logger: logger)
            try await events.record(.updated, item: merged, userID: userID, at: now, connection, logger: logger)
        }
        try await connection.query("""
            UPDATE share_receipts SET item_id = \(existing.id) WHERE user_id = \(userID) AND item_id = \(item.id)
            """, logger: logger)
        _ = try await PostgresItemSQL.delete(id: item.id, userID: userID, connection, logger: logger)
        try await events.record(.deleted, item: item, userID: userID, at: now, connection, logger: logger)
    }
}
