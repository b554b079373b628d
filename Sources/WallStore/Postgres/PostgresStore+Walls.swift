import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    public func walls(userID: UUID) async throws -> [Wall] {
        try await ready.wait()
        return VisibleWalls.listing(
            own: try await PostgresWallSQL.all(userID: userID, client, logger: logger),
            shared: try await PostgresWallSQL.shared(with: userID, client, logger: logger)
        )
    }

    public func wall(ref: String, userID: UUID) async throws -> Wall? {
        try await ready.wait()
        guard let access = try await PostgresWallAccessSQL.access(ref, actor: userID, client, logger: logger) else {
            return nil
        }
        if access.isOwner { return try await PostgresWallSQL.fetch(id: access.wallID, userID: userID, client, logger: logger) }
        return VisibleWalls.shared(access, in: try await PostgresWallSQL.shared(with: userID, client, logger: logger))
    }

    public func createWall(_ change: ValidWallChange, userID: UUID) async throws -> Wall {
        try await ready.wait()
        let now = self.now
        return try await client.transaction(logger: logger) { connection in
            guard try await PostgresLocks.lockUser(userID, connection, logger: logger) else {
                throw StoreError.notFound("user")
            }
            let existing = try await PostgresWallSQL.slots(userID: userID, connection, logger: logger)
            let wall = try WallRules.newWall(change, existing: existing)
            let id = UUID.timeOrdered(at: now)
            try await PostgresWallSQL.insert(
                id: id, slug: wall.slug, name: wall.name, isDefault: false, position: wall.position, userID: userID,
                at: now, connection, logger: logger
            )
            guard let stored = try await PostgresWallSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                throw StoreError.notFound("wall")
            }
            return stored
        }
    }

    public func updateWall(id: UUID, change: ValidWallChange, userID: UUID) async throws -> Wall {
        try await ready.wait()
        return try await client.transaction(logger: logger) { connection in
            try await PostgresLocks.lockUser(userID, connection, logger: logger)
            try await PostgresWallAccessSQL.access(wallID: id, actor: userID, connection, logger: logger)?.requireOwner()
            guard let current = try await PostgresWallSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                throw StoreError.notFound("wall")
            }
            let taken = Set(try await PostgresWallSQL.slots(userID: userID, connection, logger: logger).map(\.slug))
            let wall = try WallRules.updated(current, with: change, taken: taken)
            try await connection.query("""
                UPDATE walls SET name = \(wall.name), slug = \(wall.slug), position = \(wall.position) WHERE id = \(id)
                """, logger: logger)
            return wall
        }
    }

    public func deleteWall(id: UUID, userID: UUID, disposal: WallDisposal) async throws {
        let now = self.now
        try await writeEvents(lockingUser: userID) { connection, events in
            try await PostgresWallAccessSQL.access(wallID: id, actor: userID, connection, logger: logger)?.requireOwner()
            guard let wall = try await PostgresWallSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                throw StoreError.notFound("wall")
            }
            let items = try await PostgresItemSQL.disposedItems(wallID: id, connection, logger: logger)
            var target: UUID?
            var holders: [String: UUID] = [:]
            if case .moveTo(let ref) = disposal,
               let targetID = try await PostgresWallSQL.resolve(ref, userID: userID, connection, logger: logger) {
                target = targetID
                holders = try await PostgresItemSQL.holders(
                    of: WallDisposalPlan.links(of: items), wallID: targetID, connection, logger: logger
                )
            }
            let plan = try WallDisposalPlan(deleting: wall, disposal, items: items, target: target, holders: holders)
            try await carryOut(plan, userID: userID, now: now, connection, &events)
            try await connection.query("DELETE FROM walls WHERE id = \(id)", logger: logger)
        }
    }

    // MARK: Helpers

    /// Writes what a wall's disposal plan decided, item by item, with an event for each change.
    private func carryOut(
        _ plan: WallDisposalPlan, userID: UUID, now: Date, _ connection: PostgresConnection,
        _ events: inout PostgresEventBatch
    ) async throws {
        for step in plan.steps {
            switch step {
            case .delete(let id):
                guard let item = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                    continue
                }
                _ = try await PostgresItemSQL.delete(id: id, userID: userID, connection, logger: logger)
                try await events.record(.deleted, item: item, userID: userID, at: now, connection, logger: logger)
            case .move(let id):
                guard var item = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger),
                      let target = plan.target else { continue }
                item.wallId = target
                item.updatedAt = now
                try await PostgresItemSQL.update(item, sortKey: nil, connection, logger: logger)
                try await events.record(.updated, item: item, userID: userID, at: now, connection, logger: logger)
            case .merge(let id, let holderID):
                guard let item = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger),
                      let holder = try await PostgresItemSQL.fetch(id: holderID, userID: userID, connection, logger: logger)
                else { continue }
                try await merge(item, into: holder, userID: userID, now: now, connection, &events)
            }
        }
    }

    /// Merges an item into the item holding the same link on the target wall: its note, text and
    /// tags are kept there (or the deletion is refused), its share ids answer with that item from
    /// now on, and it is deleted.
    private func merge(
        _ item: Item, into existing: Item, userID: UUID, now: Date, _ connection: PostgresConnection,
        _ events: inout PostgresEventBatch
    ) async throws {
        if let merged = try existing.afterAbsorbing(item, at: now) {
            if merged.text != existing.text {
                try await PostgresItemSQL.replaceText(merged.text, itemID: merged.id, connection, logger: logger)
            }
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
