import Foundation
import GRDB
import WallCore

/// How the SQLite store turns rows into domain values and domain values into column values.
enum SQLiteRows {
    /// The item columns every item query selects, read by name in `item(from:)`.
    static let itemColumns = """
        id, wall_id, kind, url, title, text, note, tags, source, state, shared_at, created_at, updated_at, sort_key, pk,
        file, preview, (SELECT username FROM users WHERE users.id = items.added_by) AS added_by_name
        """

    static func item(from row: Row) throws -> Item {
        var item = Item(
            id: try uuid(row["id"]), kind: try decode(ItemKind.self, row["kind"]), url: row["url"], title: row["title"],
            text: row["text"], userNote: row["note"], tags: tags(from: row["tags"]), wallId: try uuid(row["wall_id"]),
            source: try decode(ShareSource.self, row["source"]), state: try decode(ItemState.self, row["state"]),
            sharedAt: (row["shared_at"] as Int64?).map(date), createdAt: date(row["created_at"]),
            updatedAt: date(row["updated_at"])
        )
        item.file = try ItemFileColumn.decode(row["file"])
        item.preview = try PreviewColumn.decode(row["preview"])
        item.addedBy = row["added_by_name"]
        return item
    }

    /// The wall columns every wall query selects (from `walls w`), with its item count (kept in
    /// the row by triggers: `SQLiteMigrations.v11WallItemCounts`).
    static let wallColumns = """
        w.id, w.slug, w.name, w.is_default, w.position, w.created_at, w.item_count
        """

    static func wall(from row: Row) throws -> Wall {
        Wall(
            id: try uuid(row["id"]), slug: row["slug"], name: row["name"], isDefault: row["is_default"],
            position: row["position"], itemCount: row["item_count"], createdAt: date(row["created_at"])
        )
    }

    static func tokenInfo(from row: Row) throws -> TokenInfo {
        TokenInfo(
            id: try uuid(row["id"]), label: row["label"], createdAt: date(row["created_at"]),
            lastUsedAt: (row["last_used_at"] as Int64?).map(date)
        )
    }

    static func user(from row: Row) throws -> User {
        User(id: try uuid(row["id"]), username: row["username"], createdAt: date(row["created_at"]))
    }

    // MARK: Column values

    /// Tags are stored newline-separated (a tag can't hold a line break), which FTS5 tokenises well.
    static func tagsText(_ tags: [String]) -> String { tags.joined(separator: "\n") }

    static func tags(from text: String) -> [String] {
        text.isEmpty ? [] : text.components(separatedBy: "\n")
    }

    static func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

    static func uuid(_ text: String) throws -> UUID {
        guard let id = UUID(text: text) else { throw CorruptRow(detail: "bad UUID \(text)") }
        return id
    }

    private static func decode<Value: RawRepresentable>(_ type: Value.Type, _ raw: String) throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: raw) else { throw CorruptRow(detail: "unknown \(type) \(raw)") }
        return value
    }
}

/// A row the store can't read: a bug or a database written by a newer version.
struct CorruptRow: Error, CustomStringConvertible {
    var detail: String
    var description: String { "Unreadable row in the database: \(detail)" }
}

extension UUID {
    /// The form ids take in the database: lower-case text.
    var dbText: String { lowercasedText }
}
