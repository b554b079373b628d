import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    public func createInvitation(codeHash: String, userID: UUID, expiresAt: Date) async throws -> Invitation {
        try await ready.wait()
        let now = self.now
        return try await client.transaction(logger: logger) { connection in
            try await PostgresLocks.lockUser(userID, connection, logger: logger)
            let open = InvitationRule.open(at: now)
            let rows = try await connection.query("""
                SELECT count(*) FROM invitations
                WHERE created_by = \(userID) AND used_at IS NULL AND expires_at > \(open.expiringAfter)
                """, logger: logger)
            try InvitationRule.checkCreate(open: try await rows.first()?.decode(Int.self) ?? 0)
            let invitation = Invitation(id: UUID.timeOrdered(at: now), createdAt: now, expiresAt: expiresAt.roundedToMillis)
            try await connection.query("""
                INSERT INTO invitations (id, code_hash, created_by, created_at, expires_at)
                VALUES (\(invitation.id), \(codeHash), \(userID), \(now), \(invitation.expiresAt))
                """, logger: logger)
            return invitation
        }
    }

    public func invitations(userID: UUID) async throws -> [Invitation] {
        try await ready.wait()
        let open = InvitationRule.open(at: now)
        let rows = try await client.query("""
            SELECT id, created_at, expires_at FROM invitations
            WHERE created_by = \(userID) AND used_at IS NULL AND expires_at > \(open.expiringAfter) ORDER BY created_at DESC
            """, logger: logger)
        return try await rows.all().map { row in
            let cells = row.makeRandomAccess()
            return Invitation(
                id: try cells["id"].decode(UUID.self), createdAt: try cells["created_at"].decode(Date.self).roundedToMillis,
                expiresAt: try cells["expires_at"].decode(Date.self).roundedToMillis
            )
        }
    }

    public func revokeInvitation(id: UUID, userID: UUID) async throws -> Bool {
        try await ready.wait()
        return try await client.transaction(logger: logger) { connection in
            // Locked, so a use can't slip in between the check and the delete.
            let rows = try await connection.query(
                "SELECT used_at FROM invitations WHERE id = \(id) AND created_by = \(userID) FOR UPDATE", logger: logger
            )
            guard let row = try await rows.first(), InvitationRule.canRevoke(usedAt: try row.decode(Date?.self)) else {
                return false
            }
            try await connection.query("DELETE FROM invitations WHERE id = \(id)", logger: logger)
            return true
        }
    }

    public func invitationIsOpen(codeHash: String) async throws -> Bool {
        try await ready.wait()
        return try await openInvitation(codeHash, now: now, client) != nil
    }

    public func acceptInvitation(codeHash: String, username: String, passwordHash: String) async throws -> User {
        try await ready.wait()
        let now = self.now
        let user = User(id: UUID(), username: username, createdAt: now)
        return try await client.transaction(logger: logger) { connection in
            // Locked, so two people can't use one link at the same moment.
            try await connection.query("SELECT 1 FROM invitations WHERE code_hash = \(codeHash) FOR UPDATE", logger: logger)
            guard let id = try await openInvitation(codeHash, now: now, connection) else {
                throw StoreError.notFound("invitation")
            }
            try await PostgresUserSQL.insert(user, passwordHash: passwordHash, connection, logger: logger)
            try await connection.query(
                "UPDATE invitations SET used_by = \(user.id), used_at = \(now) WHERE id = \(id)", logger: logger
            )
            return user
        }
    }

    /// The id of the invitation with this code hash, if it can be used at `now`.
    private func openInvitation(_ codeHash: String, now: Date, _ db: some PostgresQueryRunner) async throws -> UUID? {
        guard codeHash.isStorableInPostgres else { return nil }
        let rows = try await db.run(
            "SELECT id, expires_at, used_at FROM invitations WHERE code_hash = \(codeHash)", logger: logger
        )
        guard let row = try await rows.first()?.makeRandomAccess() else { return nil }
        let open = InvitationRule.open(at: now).contains(
            usedAt: try row["used_at"].decode(Date?.self), expiresAt: try row["expires_at"].decode(Date.self)
        )
        return open ? try row["id"].decode(UUID.self) : nil
    }
}
