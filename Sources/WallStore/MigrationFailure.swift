/// Why a database could not be brought up to date (or, for an admin command, used as it is);
/// it was left exactly as it was, and a server or command refuses to run on it.
public struct MigrationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// A step of the schema's history failed (SQLite's or PostgreSQL's message).
        case failed(String)
        /// The database has a step this dwall does not know: a newer dwall made it.
        case newerDatabase
        /// The database lacks a step this dwall needs, and this command may not apply it (see
        /// `MigrationPolicy.requireCurrent`): an older dwall made it.
        case olderDatabase
    }

    /// Which database (a file path, or a redacted URL).
    public var database: String
    /// The step that failed or is unknown, when known.
    public var migration: String?
    /// What went wrong.
    public var reason: Reason

    /// Makes a failure.
    public init(database: String, migration: String?, reason: Reason) {
        self.database = database
        self.migration = migration
        self.reason = reason
    }

    /// A sentence for the person starting the server.
    public var description: String {
        switch reason {
        case .failed(let message):
            "Could not bring the database \(database) up to date: migration \(migration ?? "(setup)") failed: \(message). "
                + "Nothing was changed: the database is as it was before this start. Keep running the previous "
                + "dwall, or restore a backup, and report this message."
        case .newerDatabase:
            "The database \(database) was made by a newer dwall (it has migration \(migration ?? "?"), which this one "
                + "does not know). Nothing was changed; run that version or a newer one."
        case .olderDatabase:
            "The database \(database) is older than this dwall (it lacks migration \(migration ?? "?")), and this "
                + "command does not upgrade it, since a server of the older version may still be running on it. "
                + "Nothing was changed. Start this version's server (it upgrades the database), then run the command again."
        }
    }
}
