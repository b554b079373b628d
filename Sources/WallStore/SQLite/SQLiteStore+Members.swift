import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func members(wallID: UUID, userID: UUID) async throws -> [WallMember] {
        try await pool.read { db in
            guard try WallAccessSQL.access(wallID: wallID, actor: userID, db) != nil else {
                throw StoreError.notFound("wall")
            }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT u.username, m.role, m.created_at FROM wall_members m JOIN users u ON u.id = m.user_id
                    WHERE m.wall_id = ? ORDER BY u.username
                    """,
                arguments: [wallID.dbText]
            ).map(Self.member)
        }
    }

    public func setMember(wallID: UUID, username: String, role: WallRole, userID: UUID) async throws -> WallMember {
        let now = self.now
        return try await write { db, _ in
            guard let access = try WallAccessSQL.access(wallID: wallID, actor: userID, db) else {
                throw StoreError.notFound("wall")
            }
            try access.requireOwner()
            guard let member = try UserSQL.id(username: username, db) else { throw StoreError.notFound("user") }
            let members = try WallAccessSQL.memberIDs(wallID: wallID, db)
            try MembershipRule.checkAdd(
                member: member, by: access, memberCount: members.count, isMember: members.contains(member)
            )
            try db.execute(
                sql: """
                    INSERT INTO wall_members (wall_id, user_id, role, created_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (wall_id, user_id) DO UPDATE SET role = excluded.role
                    """,
                arguments: [wallID.dbText, member.dbText, role.rawValue, now.millisSince1970]
            )
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT u.username, m.role, m.created_at FROM wall_members m JOIN users u ON u.id = m.user_id
                    WHERE m.wall_id = ? AND m.user_id = ?
                    """,
                arguments: [wallID.dbText, member.dbText]
            ) else { throw StoreError.notFound("user") }
            return try Self.member(row)
        }
    }

    public func removeMember(wallID: UUID, username: String, userID: UUID) async throws -> Bool {
        try await write { db, _ in
            guard let access = try WallAccessSQL.access(wallID: wallID, actor: userID, db) else {
                throw StoreError.notFound("wall")
            }
            guard let member = try UserSQL.id(username: username, db) else { return false }
            try MembershipRule.checkRemove(member: member, by: access)
            try db.execute(
                sql: "DELETE FROM wall_members WHERE wall_id = ? AND user_id = ?",
                arguments: [wallID.dbText, member.dbText]
            )
            return db.changesCount > 0
        }
    }

    private static func member(_ row: Row) throws -> WallMember {
        let raw: String = row["role"]
        guard let role = WallRole(rawValue: raw) else { throw CorruptRow(detail: "unknown wall role \(raw)") }
        return WallMember(username: row["username"], role: role, addedAt: SQLiteRows.date(row["created_at"]))
    }
}
