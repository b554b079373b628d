import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import WallCore

/// Conditional GET for a rendered page: a weak `ETag` over its bytes, and `304 Not Modified`
/// when the browser (or the service worker) already holds them; wall pages also carry the
/// version of their frame (`X-Wall-Frame`).
///
/// Parts that differ on every render without changing what the page shows (the share box's
/// fresh idempotency id) are left out of the hash, so a page whose items, walls and session are
/// unchanged keeps its tag.
enum PageValidator {
    /// The page `html` as a response to `request`: 304 with only the validator when
    /// `If-None-Match` names it, else the page with its `ETag`.
    static func response(
        html: String, ignoring volatile: [String], frame: [String] = [], to request: Request
    ) -> Response {
        let etag = "W/\"\(SHA256.hash(data: bytes(of: html, leavingOut: volatile)).prefix(12).lowercaseHex)\""
        if EntityTagMatch.ifNoneMatch(request, names: etag) {
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "private, no-cache"])
        }
        var response = Response.html(html)
        response.headers[.eTag] = etag
        if !frame.isEmpty { response.headers[frameHeader] = frameVersion(frame) }
        return response
    }

    /// The header naming a version of what a wall page shows around its cards.
    static let frameHeader = HTTPField.Name("X-Wall-Frame")!

    /// A version of a page's frame: what it shows besides its cards (who may add there, the
    /// walls in the switcher). The service worker, holding a copy, reloads the page when a fresh
    /// copy's frame differs, since the live stream brings changes to cards, not to the frame.
    static func frameVersion(_ parts: [String]) -> String {
        SHA256.hash(data: Array(parts.joined(separator: "\n").utf8)).prefix(8).lowercaseHex
    }

    /// The UTF-8 of `html` with every occurrence of each of `volatile` left out, in turn (what
    /// Foundation's `replacingOccurrences(of:with: "")` leaves, so the tags are the same), found
    /// on the bytes: going through NSString's UTF-16 was a fifth of a wall page's CPU.
    static func bytes(of html: String, leavingOut volatile: [String]) -> [UInt8] {
        var bytes = Array(html.utf8)
        for part in volatile where !part.isEmpty {
            let needle = Array(part.utf8)
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == needle[0], index + needle.count <= bytes.count,
                   bytes[index..<index + needle.count].elementsEqual(needle) {
                    index += needle.count
                } else {
                    kept.append(bytes[index])
                    index += 1
                }
            }
            bytes = kept
        }
        return bytes
    }
}
