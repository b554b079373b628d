import Foundation
import WallCore

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

    /// The row as JSON text, written byte by byte: what `JSONEncoder` makes of it (a member per
    /// value present, strings escaped), without its cost (3 % of dwall's CPU at 64 connections,
    /// spent while the batch holds the events lock). Tested against `JSONEncoder`.
    var json: String {
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(64 + (url?.utf8.count ?? 0) * 2 + (title?.utf8.count ?? 0) + (text?.utf8.count ?? 0))
        func member(_ key: StaticString, _ value: String?) {
            guard let value else { return }
            Self.key(key, into: &out)
            JSONStringLiteral.append(value, to: &out)
        }
        member("url", url)
        member("canonicalURL", canonicalURL)
        member("title", title)
        member("text", text)
        member("note", note)
        Self.key("tags", into: &out)
        out.append(UInt8(ascii: "["))
        for (index, tag) in tags.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONStringLiteral.append(tag, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        member("file", file)
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    private static func key(_ name: StaticString, into out: inout [UInt8]) {
        if out.count > 1 { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: "\":".utf8)
    }
}
