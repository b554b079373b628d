import PostgresNIO

extension PostgresMigrations {
    /// Items may hold a file: its blob hash, size, detected type, name and renditions, as JSON
    /// text (read and written only whole, so `text` rather than `jsonb`).
    static let v4ItemFiles = PostgresMigration(name: "v4-item-files", statements: [
        "ALTER TABLE items ADD COLUMN file text",
    ])
}
