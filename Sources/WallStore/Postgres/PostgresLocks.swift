import Foundation
import PostgresNIO

/// The advisory locks the PostgreSQL store takes, and the per-user row lock.
enum PostgresLocks {
    /// Held while migrations run, so replicas starting together apply each migration once.
    static let migrations: Int64 = 0x6477_616C_6C00_0001
    /// Held by every transaction that writes events, until it commits: event numbers (and so
    /// sort keys) are handed out in commit order. Taken by `PostgresEventTransactions`.
    static let events: Int64 = 0x6477_616C_6C00_0002

    /// Serialises changes to one person's walls (slugs, positions, the wall limit) until commit;
    /// false when there is no such user. `NO KEY UPDATE` does not block rows that merely
    /// reference the user (their foreign-key checks take `KEY SHARE`).
    @discardableResult
    static func lockUser(_ userID: UUID, _ connection: PostgresConnection, logger: Logger) async throws -> Bool {
        let rows = try await connection.query(
            "SELECT 1 FROM users WHERE id = \(userID) FOR NO KEY UPDATE", logger: logger
        )
        for try await _ in rows { return true }
        return false
    }
}
