import Foundation
import GRDB
import WallCore

/// How the SQLite store turns rows into domain values and domain values into column values.
enum SQLiteRows {
    /// The item columns every item query selects, in the order `item(from:)` reads them.
    static let itemColumns = """
        id, wall_id, kind, url, title, text, note, tags, source, state, shared_at, created_at, updated_at, sort_key, pk,
        file, preview
        """

    static func item(from row: Row) throws -> Item {
        var item = Item(
            id: try uuid(row[0]), kind: try decode(ItemKind.self, row[2]), url: row[3], title: row[4],
            text: row[5], userNote: row[6], tags: tags(from: row[7]), wallId: try uuid(row[1]),
            source: try decode(ShareSource.self, row[8]), state: try decode(ItemState.self, row[9]),
            sharedAt: (row[10] as Int64?).map(date), createdAt: date(row[11]), updatedAt: date(row[12])
        )
        item.file = try ItemFileColumn.decode(row[15])
        item.preview = try PreviewColumn.decode(row[16])
        return item
    }

    static let wallColumns = "w.id, w.slug, w.name, w.is_default, w.position, w.created_at"

    static func wall(from row: Row, itemCount: Int) throws -> Wall {
        Wall(
            id: try uuid(row[0]), slug: row[1], name: row[2], isDefault: row[3], position: row[4],
            itemCount: itemCount, createdAt: date(row[5])
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
