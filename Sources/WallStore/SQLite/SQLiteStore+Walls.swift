import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func walls(userID: UUID) async throws -> [Wall] {
        try await pool.read { db in
            VisibleWalls.listing(own: try WallSQL.all(userID: userID, db), shared: try WallSQL.shared(with: userID, db))
        }
    }

    public func wall(ref: String, userID: UUID) async throws -> Wall? {
        try await pool.read { db in
            guard let access = try WallAccessSQL.access(ref, actor: userID, db) else { return nil }
            if access.isOwner { return try WallSQL.fetch(id: access.wallID, userID: userID, db) }
            return VisibleWalls.shared(access, in: try WallSQL.shared(with: userID, db))
        }
    }

    public func createWall(_ change: ValidWallChange, userID: UUID) async throws -> Wall {
        let now = self.now
        return try await write { db, _ in
            let wall = try WallRules.newWall(change, existing: try WallSQL.slots(userID: userID, db))
            let id = UUID.timeOrdered(at: now)
            try WallSQL.insert(
                id: id, slug: wall.slug, name: wall.name, isDefault: false, position: wall.position, userID: userID,
                at: now, db
            )
            guard let stored = try WallSQL.fetch(id: id, userID: userID, db) else { throw StoreError.notFound("wall") }
            return stored
        }
    }

    public func updateWall(id: UUID, change: ValidWallChange, userID: UUID) async throws -> Wall {
        try await write { db, _ in
            try WallAccessSQL.access(wallID: id, actor: userID, db)?.requireOwner()
            guard let current = try WallSQL.fetch(id: id, userID: userID, db) else { throw StoreError.notFound("wall") }
            let taken = Set(try WallSQL.slots(userID: userID, db).map(\.slug))
            let wall = try WallRules.updated(current, with: change, taken: taken)
            try db.execute(
                sql: "UPDATE walls SET name = ?, slug = ?, position = ? WHERE id = ?",
                arguments: [wall.name, wall.slug, wall.position, id.dbText]
            )
            return wall
        }
    }

    public func deleteWall(id: UUID, userID: UUID, disposal: WallDisposal) async throws {
        let now = self.now
        try await write { db, events in
            try WallAccessSQL.access(wallID: id, actor: userID, db)?.requireOwner()
            guard let wall = try WallSQL.fetch(id: id, userID: userID, db) else { throw StoreError.notFound("wall") }
            let items = try ItemSQL.disposedItems(wallID: id, db)
            var target: UUID?
            var holders: [String: UUID] = [:]
            if case .moveTo(let ref) = disposal, let targetID = try WallSQL.resolve(ref, userID: userID, db) {
                target = targetID
                for link in WallDisposalPlan.links(of: items) {
                    if let holder = try ItemSQL.fetch(wallID: targetID, canonicalURL: link, db) { holders[link] = holder.id }
                }
            }
            let plan = try WallDisposalPlan(deleting: wall, disposal, items: items, target: target, holders: holders)
            try Self.carryOut(plan, userID: userID, now: now, db, &events)
            try db.execute(sql: "DELETE FROM walls WHERE id = ?", arguments: [id.dbText])
        }
    }

    // MARK: Helpers

    /// Writes what a wall's disposal plan decided, item by item, with an event for each change.
    private static func carryOut(
        _ plan: WallDisposalPlan, userID: UUID, now: Date, _ db: Database, _ events: inout EventBatch
    ) throws {
        for step in plan.steps {
            switch step {
            case .delete(let id):
                guard let item = try ItemSQL.fetch(id: id, userID: userID, db) else { continue }
                _ = try ItemSQL.delete(id: id, userID: userID, db)
                try EventSQL.record(.deleted, item: item, userID: userID, at: now, db, in: &events)
            case .move(let id):
                guard var item = try ItemSQL.fetch(id: id, userID: userID, db), let target = plan.target else { continue }
                item.wallId = target
                item.updatedAt = now
                try ItemSQL.update(item, sortKey: nil, db)
                try EventSQL.record(.updated, item: item, userID: userID, at: now, db, in: &events)
            case .merge(let id, let holderID):
                guard let item = try ItemSQL.fetch(id: id, userID: userID, db),
                      let holder = try ItemSQL.fetch(id: holderID, userID: userID, db) else { continue }
                try merge(item, into: holder, userID: userID, now: now, db, &events)
            }
        }
    }

    /// Merges an item into the item holding the same link on the target wall: its note, text and
    /// tags are kept there (or the deletion is refused), its share ids answer with that item from
    /// now on, and it is deleted.
    private static func merge(
        _ item: Item, into existing: Item, userID: UUID, now: Date, _ db: Database, _ events: inout EventBatch
    ) throws {
        if let merged = try existing.afterAbsorbing(item, at: now) {
            if merged.text != existing.text { try ItemSQL.replaceText(merged.text, itemID: merged.id, db) }
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
}
