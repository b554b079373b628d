/// Whether opening a store may upgrade its database's schema.
///
/// The server upgrades (`upgrade`): it is the one new code runs as. An admin command run
/// beside it (`dwall prune` from cron, `dwall token`, `dwall user`) must not: a new binary's
/// command would otherwise upgrade the database under an older server still running on it,
/// whose queries then meet a schema it was never written for. Such commands open with
/// `requireCurrent`: a database this code is up to date with is used, a new empty one is set
/// up (no server can be running on it), and one that lacks steps is refused untouched.
public enum MigrationPolicy: Sendable, Equatable {
    /// Apply every step the database has not seen.
    case upgrade
    /// Apply steps only to a new database; refuse one that lacks some (`olderDatabase`).
    case requireCurrent

    /// The steps of `history` (the schema's, in order) to apply to a database that has seen
    /// `applied`; throws `MigrationFailure` for a database made by a newer dwall, or, under
    /// `requireCurrent`, for one an older dwall made and this one would have to upgrade.
    func stepsToApply(history: [String], applied: Set<String>, database: String) throws(MigrationFailure) -> [String] {
        if let unknown = applied.subtracting(history).sorted().last {
            throw MigrationFailure(database: database, migration: unknown, reason: .newerDatabase)
        }
        let missing = history.filter { !applied.contains($0) }
        if self == .requireCurrent, !applied.isEmpty, let first = missing.first {
            throw MigrationFailure(database: database, migration: first, reason: .olderDatabase)
        }
        return missing
    }
}
