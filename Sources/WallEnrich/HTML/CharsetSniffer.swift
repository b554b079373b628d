import CLibXML2

/// Finds the character encoding of an HTML page: a byte-order mark first, then the
/// `Content-Type` header's charset, then a `<meta charset>` or `<meta http-equiv>` in the first
/// 4 KB, else UTF-8 (the web's default; a page in anything else must say so).
enum CharsetSniffer {
    /// How far into the page a `<meta>` charset is looked for.
    static let sniffBytes = 4_096

    /// The encoding name to decode the page with; one libxml2 (through iconv) knows.
    static func encoding(of bytes: [UInt8], headerCharset: String?) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        for candidate in [headerCharset, metaCharset(in: bytes)] {
            if let name = candidate.map(normalised), isKnown(name) { return name }
        }
        return "UTF-8"
    }

    /// The charset a `<meta>` tag declares near the top of the page, if any.
    static func metaCharset(in bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(sniffBytes), as: UTF8.self).lowercased()
        var searchStart = head.startIndex
        while let meta = head.range(of: "<meta", range: searchStart..<head.endIndex) {
            let tagEnd = head[meta.upperBound...].firstIndex(of: ">") ?? head.endIndex
            let tag = head[meta.upperBound..<tagEnd]
            if let charset = tag.range(of: "charset") {
                var rest = tag[charset.upperBound...].drop { $0 == " " }
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
                    let value = rest.prefix { !" \"';/>".contains($0) }
                    if !value.isEmpty { return String(value) }
                }
            }
            searchStart = tagEnd
        }
        return nil
    }

    /// Browsers read "iso-8859-1" and "us-ascii" as windows-1252 (the WHATWG encoding
    /// standard); so do we, so bytes 0x80–0x9F become the quotes and dashes authors meant.
    static func normalised(_ name: String) -> String {
        let lowered = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        switch lowered {
        case "iso-8859-1", "latin1", "latin-1", "us-ascii", "ascii", "cp1252", "windows-1252", "x-cp1252":
            return "windows-1252"
        case "shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "windows-31j", "cp932":
            return "CP932"
        case "utf8", "unicode-1-1-utf-8": return "UTF-8"
        default: return lowered.uppercased()
        }
    }

    private static func isKnown(_ name: String) -> Bool {
        guard let handler = xmlFindCharEncodingHandler(name) else { return false }
        xmlCharEncCloseFunc(handler)
        return true
    }
}

import Foundation
