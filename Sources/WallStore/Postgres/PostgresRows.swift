import Foundation
import PostgresNIO
import WallCore

/// How the PostgreSQL store turns rows into domain values.
enum PostgresRows {
    /// The item columns every item query selects from the table aliased `alias`, each named
    /// `i_<column>` (so a join or a `UNION` branch can't shadow them), read by `item(_:)`.
    static func itemColumns(_ alias: String) -> String {
        [
            "id", "wall_id", "kind", "url", "title", "text", "note", "tags", "source", "state", "shared_at",
            "created_at", "updated_at", "sort_key", "file", "preview",
        ].map { "\(alias).\($0) AS i_\($0)" }.joined(separator: ", ")
            + ", (SELECT username FROM users WHERE users.id = \(alias).added_by) AS i_added_by"
    }

    /// The item in a row selected with `itemColumns`, and its sort key.
    static func item(_ row: PostgresRandomAccessRow) throws -> (item: Item, sortKey: Int64) {
        func cell<Value: PostgresDecodable>(_ column: String, _ type: Value.Type) throws -> Value {
            try row["i_" + column].decode(Value.self)
        }
        var item = Item(
            id: try cell("id", UUID.self), kind: try decode(ItemKind.self, try cell("kind", String.self)),
            url: try cell("url", String?.self), title: try cell("title", String?.self),
            text: try cell("text", String?.self), userNote: try cell("note", String?.self),
            tags: try cell("tags", [String].self), wallId: try cell("wall_id", UUID.self),
            source: try decode(ShareSource.self, try cell("source", String.self)),
            state: try decode(ItemState.self, try cell("state", String.self)),
            sharedAt: try cell("shared_at", Date?.self)?.roundedToMillis,
            createdAt: try cell("created_at", Date.self).roundedToMillis,
            updatedAt: try cell("updated_at", Date.self).roundedToMillis
        )
        item.file = try ItemFileColumn.decode(try cell("file", String?.self))
        item.preview = try PreviewColumn.decode(try cell("preview", String?.self))
        item.addedBy = try cell("added_by", String?.self)
        return (item, try cell("sort_key", Int64.self))
    }

    /// The item in a row selected with `itemColumns` and its `owner_id` (the item's `user_id`) and
    /// `reader_is_member` (whether the person reading is a member of its wall), for `VisibleItems`.
    static func storedItem(_ row: PostgresRandomAccessRow) throws -> StoredItem {
        StoredItem(
            item: try item(row).item, ownerID: try row["owner_id"].decode(UUID.self),
            readerIsMember: try row["reader_is_member"].decode(Bool.self)
        )
    }

    /// Whether a row selected with `itemColumns` from an outer join found an item.
    static func hasItem(_ row: PostgresRandomAccessRow) throws -> Bool {
        try row["i_id"].decode(UUID?.self) != nil
    }

    /// The wall columns every wall query selects (from `walls w`), with its item count (kept in
    /// the row by triggers, `v12-wall-item-counts`).
    static let wallColumns = """
        w.id, w.slug, w.name, w.is_default, w.position, w.created_at, w.item_count
        """

    static func wall(_ row: PostgresRow) throws -> Wall {
        let cells = row.makeRandomAccess()
        return Wall(
            id: try cells["id"].decode(UUID.self), slug: try cells["slug"].decode(String.self),
            name: try cells["name"].decode(String.self), isDefault: try cells["is_default"].decode(Bool.self),
            position: try cells["position"].decode(Int.self), itemCount: try cells["item_count"].decode(Int.self),
            createdAt: try cells["created_at"].decode(Date.self).roundedToMillis
        )
    }

    /// A user from a row with `id`, `username` and `created_at`.
    static func user(_ row: PostgresRow) throws -> User {
        let cells = row.makeRandomAccess()
        return User(
            id: try cells["id"].decode(UUID.self), username: try cells["username"].decode(String.self),
            createdAt: try cells["created_at"].decode(Date.self).roundedToMillis
        )
    }

    /// A token's description from a row with `id`, `label`, `created_at` and `last_used_at`.
    static func tokenInfo(_ row: PostgresRow) throws -> TokenInfo {
        let cells = row.makeRandomAccess()
        return TokenInfo(
            id: try cells["id"].decode(UUID.self), label: try cells["label"].decode(String.self),
            createdAt: try cells["created_at"].decode(Date.self).roundedToMillis,
            lastUsedAt: try cells["last_used_at"].decode(Date?.self)?.roundedToMillis
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
