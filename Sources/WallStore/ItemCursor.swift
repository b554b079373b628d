import Foundation
import WallCore

/// An opaque position in a newest-first item list: the sort key of the last item sent.
public struct ItemCursor: Sendable, Equatable {
    /// Items with a smaller sort key come next.
    public var sortKey: Int64

    /// Makes a cursor.
    public init(sortKey: Int64) { self.sortKey = sortKey }

    /// Reads a cursor a client sent back; throws a validation error for anything we did not make.
    public init(encoded: String) throws(ValidationError) {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard encoded.count <= 64, let data = Data(base64Encoded: base64),
              let text = String(data: data, encoding: .utf8), text.hasPrefix("k"),
              let key = Int64(text.dropFirst()), key > 0
        else { throw .invalid("cursor", "cursor is not one this server gave out.") }
        self.sortKey = key
    }

    /// The cursor as the client sees it: URL-safe base64.
    public var encoded: String {
        Data("k\(sortKey)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
