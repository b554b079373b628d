import Foundation

/// The columns of an item row that may be null, and its tags, as one JSON object per row: PostgresNIO
/// binds arrays of non-optional values only, so the `unnest` inserts and updates of shares and imports
/// carry these as `jsonb[]` and read them back with `->>`.
struct PostgresNullableItemColumns: Encodable {
    var url: String?
    var canonicalURL: String?
    var title: String?
    var text: String?
    var note: String?
    var tags: [String]
    var file: String?

    /// The row as JSON text.
    func json(_ encoder: JSONEncoder) throws -> String {
        String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
