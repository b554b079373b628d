import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    public func members(wallID: UUID, userID: UUID) async throws -> [WallMember] {
        try await ready.wait()
        guard try await PostgresWallAccessSQL.access(wallID: wallID, actor: userID, client, logger: logger) != nil else {
            throw StoreError.notFound("wall")
        }
        let rows = try await client.query("""
            SELECT u.username, m.role, m.created_at FROM wall_members m JOIN users u ON u.id = m.user_id
            WHERE m.wall_id = \(wallID) ORDER BY lower(u.username)
            """, logger: logger)
        return try await rows.all().map(Self.member)
    }

    /// Holds the events lock, so a share batch writing this wall's events sees the members
    /// before or after the change, never half of it.
    public func setMember(wallID: UUID, username: String, role: WallRole, userID: UUID) async throws -> WallMember {
        let now = self.now
        return try await writeEvents { connection, _ in
            guard let access = try await PostgresWallAccessSQL.access(
                wallID: wallID, actor: userID, connection, logger: logger
            ) else { throw StoreError.notFound("wall") }
            try access.requireOwner()
            guard let member = try await PostgresWallAccessSQL.userID(username: username, connection, logger: logger) else {
                throw StoreError.notFound("user")
            }
            let members = try await PostgresWallAccessSQL.memberIDs(wallID: wallID, connection, logger: logger)
            try MembershipRule.checkAdd(
                member: member, by: access, memberCount: members.count, isMember: members.contains(member)
            )
            let rows = try await connection.query("""
                WITH m AS (
                    INSERT INTO wall_members (wall_id, user_id, role, created_at)
                    VALUES (\(wallID), \(member), \(role.rawValue), \(now))
                    ON CONFLICT (wall_id, user_id) DO UPDATE SET role = excluded.role
                    RETURNING user_id, role, created_at
                )
                SELECT u.username, m.role, m.created_at FROM m JOIN users u ON u.id = m.user_id
                """, logger: logger)
            guard let row = try await rows.first() else { throw StoreError.notFound("user") }
            return try Self.member(row)
        }
    }

    /// Holds the events lock (see `setMember`).
    public func removeMember(wallID: UUID, username: String, userID: UUID) async throws -> Bool {
        try await writeEvents { connection, _ in
            guard let access = try await PostgresWallAccessSQL.access(
                wallID: wallID, actor: userID, connection, logger: logger
            ) else { throw StoreError.notFound("wall") }
            guard let member = try await PostgresWallAccessSQL.userID(username: username, connection, logger: logger) else {
                return false
            }
            try MembershipRule.checkRemove(member: member, by: access)
            let rows = try await connection.query(
                "DELETE FROM wall_members WHERE wall_id = \(wallID) AND user_id = \(member) RETURNING user_id",
                logger: logger
            )
            return try await rows.first() != nil
        }
    }

    private static func member(_ row: PostgresRow) throws -> WallMember {
        let cells = row.makeRandomAccess()
        let raw = try cells["role"].decode(String.self)
        guard let role = WallRole(rawValue: raw) else { throw CorruptRow(detail: "unknown wall role \(raw)") }
        return WallMember(
            username: try cells["username"].decode(String.self), role: role,
            addedAt: try cells["created_at"].decode(Date.self).roundedToMillis
        )
    }
}
