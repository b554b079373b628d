import Foundation

/// Turns a shared link into the form used to recognise the same page shared twice.
///
/// Rules: surrounding whitespace trimmed; only `http` and `https`; scheme and host lower-cased
/// (and a trailing dot dropped from the host); the default port dropped; the fragment dropped
/// unless it is a client-side route (`#!…` or `#/…`); tracking parameters (`utm_*`, `fbclid`,
/// `gclid` and their kin) removed, the other parameters kept in order; an empty path becomes `/`
/// and a trailing slash on any other path is removed.
public enum URLCanonicalizer {
    /// Query parameters that only track where a click came from; removed from canonical URLs.
    public static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "ttclid",
        "igshid", "mc_cid", "mc_eid", "_ga", "_gl", "_hsenc", "_hsmi", "mkt_tok", "vero_id",
        "oly_anon_id", "oly_enc_id", "li_fat_id", "s_cid", "spm", "ref_src",
    ]

    /// The result of reading a shared link.
    public struct Result: Sendable, Equatable {
        /// The link as the person shared it, trimmed (and with spaces or non-ASCII letters escaped).
        public var original: String
        /// The canonical form, for duplicate detection.
        public var canonical: String
    }

    /// Reads and canonicalises a link; throws a validation error naming `field` when it is not an http(s) URL.
    public static func canonicalize(_ raw: String, field: String = "url") throws(ValidationError) -> Result {
        let trimmed = String(raw.trimmingWhitespace())
        guard !trimmed.isEmpty else { throw .missing(field) }
        guard trimmed.count <= Limits.maxURLLength else {
            throw .invalid(field, "\(field) is longer than \(Limits.maxURLLength) characters.")
        }
        let escaped = escapeUnsafeCharacters(trimmed)
        guard var parts = URLComponents(string: escaped), let scheme = parts.scheme?.lowercased() else {
            throw .invalid(field, "\(field) is not a valid URL.")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalid(field, "\(field) must be an http or https link; \(scheme): links are not accepted.")
        }
        var host = (parts.percentEncodedHost ?? "").lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty else { throw .invalid(field, "\(field) has no host name.") }

        parts.scheme = scheme
        parts.percentEncodedHost = host
        if parts.port == (scheme == "https" ? 443 : 80) { parts.port = nil }
        if let fragment = parts.percentEncodedFragment, fragment.hasPrefix("!") || fragment.hasPrefix("/") {
            parts.percentEncodedFragment = fragment
        } else {
            parts.percentEncodedFragment = nil
        }
        parts.percentEncodedQueryItems = parts.percentEncodedQueryItems.flatMap(keptParameters)
        var path = parts.percentEncodedPath
        if path.isEmpty { path = "/" }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        parts.percentEncodedPath = path

        guard let canonical = parts.string else { throw .invalid(field, "\(field) is not a valid URL.") }
        return Result(original: escaped, canonical: canonical)
    }

    /// Whether a query parameter name only tracks a click.
    public static func isTrackingParameter(_ name: String) -> Bool {
        let lower = (name.removingPercentEncoding ?? name).lowercased()
        return lower.hasPrefix("utm_") || trackingParameters.contains(lower)
    }

    private static func keptParameters(_ items: [URLQueryItem]) -> [URLQueryItem]? {
        let kept = items.filter { !isTrackingParameter($0.name) }
        return kept.isEmpty ? nil : kept
    }

    /// Escapes what browsers escape before sending a typed link: spaces, quotes, non-ASCII letters.
    /// A link with nothing to escape (almost every one) is returned as it is, without Foundation.
    static func escapeUnsafeCharacters(_ text: String) -> String {
        if text.utf8.allSatisfy(isURLSafe) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: urlSafe) ?? text
    }

    /// Whether `byte` is in `urlSafe` (which holds only ASCII, so a byte of a longer character never is).
    private static func isURLSafe(_ byte: UInt8) -> Bool {
        guard byte >= 0x21 && byte <= 0x7E else { return false }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
             UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            return false
        default:
            return true
        }
    }

    static let urlSafe: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: Unicode.Scalar(0x21)...Unicode.Scalar(0x7E))
        set.remove(charactersIn: "\"<>\\^`{|}")
        return set
    }()
}
