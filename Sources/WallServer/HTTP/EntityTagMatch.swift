import Foundation
import HTTPTypes
import Hummingbird

/// `If-None-Match` against a response's `ETag` (RFC 9110 §13.1.2): one rule for every route that
/// answers `304 Not Modified` (pages, assets, files, link pictures, the extension's zip).
enum EntityTagMatch {
    /// Whether the request's `If-None-Match` values (each a comma-separated list) name `etag`
    /// or are `*`. Weak comparison, as the header calls for: `W/"x"` matches `"x"`.
    static func ifNoneMatch(_ request: Request, names etag: String) -> Bool {
        let wanted = opaque(Substring(etag))
        return request.headers[values: .ifNoneMatch].lazy.flatMap { $0.split(separator: ",") }.contains { tag in
            let asked = opaque(tag)
            return asked == "*" || asked == wanted
        }
    }

    /// The tag without surrounding blanks and without its weakness prefix.
    private static func opaque(_ tag: Substring) -> Substring {
        let bare = Substring(tag.trimmingCharacters(in: .whitespaces))
        return bare.hasPrefix("W/") ? bare.dropFirst(2) : bare
    }
}
