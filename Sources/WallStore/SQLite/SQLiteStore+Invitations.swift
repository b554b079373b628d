import Foundation
import GRDB
import WallCore

extension SQLiteStore {
    public func createInvitation(codeHash: String, userID: UUID, expiresAt: Date) async throws -> Invitation {
        let now = self.now
        return try await write { db, _ in
            let open = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM invitations WHERE created_by = ? AND \(Self.openInvitations)",
                arguments: [userID.dbText, InvitationRule.open(at: now).expiringAfter.millisSince1970]
            ) ?? 0
            try InvitationRule.checkCreate(open: open)
            let invitation = Invitation(id: UUID.timeOrdered(at: now), createdAt: now, expiresAt: expiresAt.roundedToMillis)
            try db.execute(
                sql: "INSERT INTO invitations (id, code_hash, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    invitation.id.dbText, codeHash, userID.dbText, now.millisSince1970,
                    invitation.expiresAt.millisSince1970,
                ]
            )
            return invitation
        }
    }

    public func invitations(userID: UUID) async throws -> [Invitation] {
        let now = self.now
        return try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, created_at, expires_at FROM invitations
                    WHERE created_by = ? AND \(Self.openInvitations) ORDER BY created_at DESC
                    """,
                arguments: [userID.dbText, InvitationRule.open(at: now).expiringAfter.millisSince1970]
            ).map { row in
                Invitation(
                    id: try SQLiteRows.uuid(row["id"]), createdAt: SQLiteRows.date(row["created_at"]),
                    expiresAt: SQLiteRows.date(row["expires_at"])
                )
            }
        }
    }

    public func revokeInvitation(id: UUID, userID: UUID) async throws -> Bool {
        try await write { db, _ in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT used_at FROM invitations WHERE id = ? AND created_by = ?",
                arguments: [id.dbText, userID.dbText]
            ), InvitationRule.canRevoke(usedAt: (row["used_at"] as Int64?).map(SQLiteRows.date)) else { return false }
            try db.execute(sql: "DELETE FROM invitations WHERE id = ?", arguments: [id.dbText])
            return true
        }
    }

    public func invitationIsOpen(codeHash: String) async throws -> Bool {
        let now = self.now
        return try await pool.read { db in try Self.openInvitation(codeHash, now: now, db) != nil }
    }

    public func acceptInvitation(codeHash: String, username: String, passwordHash: String) async throws -> User {
        let now = self.now
        let user = User(id: UUID(), username: username, createdAt: now)
        try await write { db, _ in
            guard let id = try Self.openInvitation(codeHash, now: now, db) else { throw StoreError.notFound("invitation") }
            try UserSQL.insert(user, passwordHash: passwordHash, db)
            try db.execute(
                sql: "UPDATE invitations SET used_by = ?, used_at = ? WHERE id = ?",
                arguments: [user.id.dbText, now.millisSince1970, id]
            )
        }
        return user
    }

    /// The rows `InvitationRule.open(at:)` names, given its `expiringAfter` as the argument.
    private static let openInvitations = "used_at IS NULL AND expires_at > ?"

    /// The id of the invitation with this code hash, if it can be used at `now`.
    private static func openInvitation(_ codeHash: String, now: Date, _ db: Database) throws -> String? {
        guard let row = try Row.fetchOne(
            db, sql: "SELECT id, expires_at, used_at FROM invitations WHERE code_hash = ?", arguments: [codeHash]
        ) else { return nil }
        let usedAt = (row["used_at"] as Int64?).map(SQLiteRows.date)
        let open = InvitationRule.open(at: now).contains(usedAt: usedAt, expiresAt: SQLiteRows.date(row["expires_at"]))
        return open ? row["id"] : nil
    }
}
