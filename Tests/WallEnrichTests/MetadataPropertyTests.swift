import Foundation
import Testing
import WallCore
@testable import WallEnrich

/// Property test of the extractor over generated HTML: tag soup of nested, unclosed and
/// misnested elements, metadata with hostile values, comments, scripts, entity fragments,
/// invalid UTF-8 and random charset declarations. Whatever the input, extraction returns
/// (no crash, no hang: libxml2's parser is bounded by its depth limit and the input size) and
/// keeps its promises: only http(s) URLs, every field within its limit.
///
/// Run more cases with `DWALL_PROPERTY_CASES=100000 swift test --filter MetadataPropertyTests`;
/// a failing case prints its seed, and `DWALL_PROPERTY_SEED` replays from that seed.
@Suite struct MetadataPropertyTests {
    static let cases = ProcessInfo.processInfo.environment["DWALL_PROPERTY_CASES"].flatMap(Int.init) ?? 1_500
    static let seed = ProcessInfo.processInfo.environment["DWALL_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x5EED_CAFE

    @Test func extractionKeepsItsPromisesOnGeneratedHTML() {
        let base = URL(string: "https://example.org/a/b.html")!
        for index in 0..<Self.cases {
            let caseSeed = Self.seed &+ UInt64(index)
            var generator = HTMLSoup(seed: caseSeed)
            let bytes = generator.document()
            let page = MetadataExtractor.extract(from: bytes, headerCharset: generator.headerCharset(), pageURL: base)
            let urls = [page.canonicalURL, page.imageURL].compactMap { $0 } + page.iconURLs
            for url in urls {
                #expect(["http", "https"].contains(url.scheme ?? ""), "seed \(caseSeed): \(url)")
            }
            #expect((page.title?.count ?? 0) <= Limits.maxTitleLength, "seed \(caseSeed)")
            #expect((page.description?.count ?? 0) <= Limits.maxPreviewFieldLength, "seed \(caseSeed)")
            #expect((page.readableText?.count ?? 0) <= Limits.maxReadableTextLength, "seed \(caseSeed)")
            #expect(page.iconURLs.count <= 4, "seed \(caseSeed)")
        }
    }

    @Test func deepNestingAndHugeAttributesReturn() {
        let base = URL(string: "https://example.org/")!
        let deep = Array((String(repeating: "<div><span>", count: 20_000) + "x").utf8)
        #expect(MetadataExtractor.extract(from: deep, pageURL: base).title == nil)
        let attribute = Array(("<meta property=og:title content=\"" + String(repeating: "é", count: 2_000_000) + "\">").utf8)
        #expect(MetadataExtractor.extract(from: attribute, pageURL: base).title?.count == Limits.maxTitleLength)
        #expect(MetadataExtractor.extract(from: [], pageURL: base).title == nil)
        #expect(MetadataExtractor.extract(from: [0xFF, 0xFE, 0x00], pageURL: base).readableText == nil)
    }
}

/// A seeded generator of broken HTML (SplitMix64, so a seed always makes the same page).
struct HTMLSoup {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

    static let tags = ["html", "head", "body", "title", "meta", "link", "script", "style", "article", "main", "nav",
                       "footer", "header", "aside", "div", "p", "span", "a", "b", "i", "table", "tr", "td", "li",
                       "ul", "br", "img", "svg", "noscript", "template", "form", "pre", "h1", "section"]
    static let keys = ["og:title", "og:description", "og:image", "og:site_name", "og:url", "twitter:title",
                       "twitter:image", "description", "author", "article:published_time", "application-name"]
    static let values = ["", " ", "/rel", "//host/x", "javascript:alert(1)", "data:x", "file:///etc/passwd",
                         "http://[::1", "https://ok.example/p?q=1#f", "%zz", "\u{0}", "&amp;&lt;&#x0;&#99999999;",
                         "Ünïcødé 日本", "../../../..", "mailto:x@y", String(repeating: "w ", count: 700)]
    static let charsets = ["utf-8", "windows-1252", "shift_jis", "iso-8859-1", "utf-16", "bogus", "", "UTF-7", "ebcdic"]

    mutating func headerCharset() -> String? { below(3) == 0 ? pick(Self.charsets) : nil }

    mutating func document() -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<(1 + below(60)) { piece(into: &out, depth: 0) }
        return out
    }

    private mutating func piece(into out: inout [UInt8], depth: Int) {
        switch below(12) {
        case 0: out += Array("<meta \(pick(["property", "name", "PROPERTY"]))=\"\(pick(Self.keys))\" content=\"\(pick(Self.values))\">".utf8)
        case 1: out += Array("<link rel=\"\(pick(["icon", "canonical", "apple-touch-icon", "shortcut icon", ""]))\" href=\"\(pick(Self.values))\">".utf8)
        case 2: out += Array("<meta charset=\(pick(Self.charsets))>".utf8)
        case 3: out += Array("<script type=application/ld+json>\(pick(["{\"author\":{\"name\":\"A\"}}", "[[[[", "{\"@graph\":[{\"author\":[1,{\"name\":2}]}]}", "null"]))</script>".utf8)
        case 4: out += Array("<!-- \(pick(Self.values)) ".utf8) + (below(2) == 0 ? Array("-->".utf8) : [])
        case 5: for _ in 0..<below(40) { out.append(UInt8(truncatingIfNeeded: next())) }
        case 6: out += Array(pick(Self.values).utf8)
        case 7: out += Array("</\(pick(Self.tags))>".utf8)
        default:
            let tag = pick(Self.tags)
            out += Array("<\(tag)\(below(3) == 0 ? " a=\"\(pick(Self.values))\"" : "")>".utf8)
            if depth < 12 { for _ in 0..<below(4) { piece(into: &out, depth: depth + 1) } }
            if below(3) != 0 { out += Array("</\(tag)>".utf8) }
        }
    }
}
