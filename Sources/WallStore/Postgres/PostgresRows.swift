import Foundation
import PostgresNIO
import WallCore

/// How the PostgreSQL store turns rows into domain values.
enum PostgresRows {
    /// The item columns every item query selects, in the order `item(_:at:)` reads them.
    static func itemColumns(_ alias: String) -> String {
        [
            "id", "wall_id", "kind", "url", "title", "text", "note", "tags", "source", "state", "shared_at",
            "created_at", "updated_at", "sort_key", "file", "preview",
        ].map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// How many columns `itemColumns` selects.
    static let itemColumnCount = 16

    /// The item in the columns starting at `offset`, and its sort key.
    static func item(_ row: PostgresRandomAccessRow, at offset: Int = 0) throws -> (item: Item, sortKey: Int64) {
        func cell<Value: PostgresDecodable>(_ index: Int, _ type: Value.Type) throws -> Value {
            try row[offset + index].decode(Value.self)
        }
        var item = Item(
            id: try cell(0, UUID.self), kind: try decode(ItemKind.self, try cell(2, String.self)),
            url: try cell(3, String?.self), title: try cell(4, String?.self), text: try cell(5, String?.self),
            userNote: try cell(6, String?.self), tags: try cell(7, [String].self), wallId: try cell(1, UUID.self),
            source: try decode(ShareSource.self, try cell(8, String.self)),
            state: try decode(ItemState.self, try cell(9, String.self)),
            sharedAt: try cell(10, Date?.self)?.roundedToMillis, createdAt: try cell(11, Date.self).roundedToMillis,
            updatedAt: try cell(12, Date.self).roundedToMillis
        )
        item.file = try ItemFileColumn.decode(try cell(14, String?.self))
        item.preview = try PreviewColumn.decode(try cell(15, String?.self))
        return (item, try cell(13, Int64.self))
    }

    /// The wall columns every wall query selects, then its item count.
    static let wallColumns = """
        w.id, w.slug, w.name, w.is_default, w.position, w.created_at,
        (SELECT count(*) FROM items i WHERE i.wall_id = w.id)
        """

    static func wall(_ row: PostgresRow) throws -> Wall {
        let (id, slug, name, isDefault, position, createdAt, count) = try row.decode(
            (UUID, String, String, Bool, Int, Date, Int).self
        )
        return Wall(
            id: id, slug: slug, name: name, isDefault: isDefault, position: position, itemCount: count,
            createdAt: createdAt.roundedToMillis
        )
    }

    static func user(_ row: PostgresRow) throws -> User {
        let (id, username, createdAt) = try row.decode((UUID, String, Date).self)
        return User(id: id, username: username, createdAt: createdAt.roundedToMillis)
    }

    static func tokenInfo(_ row: PostgresRow) throws -> TokenInfo {
        let (id, label, createdAt, lastUsedAt) = try row.decode((UUID, String, Date, Date?).self)
        return TokenInfo(
            id: id, label: label, createdAt: createdAt.roundedToMillis, lastUsedAt: lastUsedAt?.roundedToMillis
        )
    }

    static func decode<Value: RawRepresentable>(_ type: Value.Type, _ raw: String) throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: raw) else { throw CorruptRow(detail: "unknown \(type) \(raw)") }
        return value
    }
}

extension PostgresRowSequence {
    /// Every row, read into memory.
    @discardableResult
    func all() async throws -> [PostgresRow] {
        var rows: [PostgresRow] = []
        for try await row in self { rows.append(row) }
        return rows
    }

    /// The first row, if any (the rest are read and dropped).
    func first() async throws -> PostgresRow? {
        try await all().first
    }
}

extension String {
    /// Whether PostgreSQL can store this text: it can't hold NUL characters. Text from clients is
    /// validated free of them; lookups by a name or slug a client typed check it first, so such a
    /// lookup finds nothing rather than failing.
    var isStorableInPostgres: Bool { !utf8.contains(0) }
}
