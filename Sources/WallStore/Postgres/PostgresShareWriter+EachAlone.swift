import PostgresNIO

/// The share writer's answer to a batch PostgreSQL refused as a whole: a statement that writes
/// several shares fails when any one row breaks a rule of PostgreSQL's (an index row or a
/// tsvector past its size, a character it won't store) that validation did not foresee, and a
/// transaction fails with it. Rather than fail every caller in the batch, other people's shares
/// included, each write is tried again on its own, so only the write PostgreSQL refuses fails.
extension PostgresShareWriter {
    /// Writes a batch in one transaction (`saveInTransaction`), or, when PostgreSQL refuses its
    /// rows and it holds more than one write, each in a transaction of its own. Answers each
    /// write, in order; calls `beforeCommit` right before the first `COMMIT` is sent.
    func save(
        _ writes: [PostgresWrite], beforeCommit: @escaping @Sendable () -> Void = {}
    ) async throws -> [Result<PostgresWriteResult, any Error>] {
        do {
            return try await saveInTransaction(writes, beforeCommit: beforeCommit)
        } catch where writes.count > 1 && Self.refusedRows(error) {
            beforeCommit()
            return await saveEachAlone(writes, after: error)
        }
    }

    /// Each of `writes` in a transaction of its own, one after another (a refused batch is rare:
    /// the time this takes is not worth a second connection); answers each, in order.
    func saveEachAlone(_ writes: [PostgresWrite], after error: any Error) async -> [Result<PostgresWriteResult, any Error>] {
        logger.warning(
            "PostgreSQL refused a batch's rows; writing each of its writes alone",
            metadata: ["writes": "\(writes.count)", "error": "\(String(reflecting: error))"]
        )
        var results: [Result<PostgresWriteResult, any Error>] = []
        for write in writes {
            do {
                results += try await saveInTransaction([write], beforeCommit: {})
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    /// Whether `error` is PostgreSQL refusing what a statement wrote: a data exception (class
    /// 22), an integrity rule (23), a serialization conflict (40) or a program limit (54). Not a
    /// lost connection, a cancelled statement or a full disk, which each write would meet again.
    static func refusedRows(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server,
              let state = error.serverInfo?[.sqlState] else { return false }
        return ["22", "23", "40", "54"].contains(String(state.prefix(2)))
    }
}
