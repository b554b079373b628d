import GRDB

/// The SQLite migration for shared images and files (frozen once landed).
enum SQLiteFileMigration {
    /// Items may hold a file: its blob hash, size, detected type, name and renditions, as JSON.
    static func v4ItemFiles(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE items ADD COLUMN file TEXT")
    }
}
