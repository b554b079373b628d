import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WallCore
import WallWeb

/// The Atom feed is well-formed XML whatever was saved: every text escaped, characters XML
/// cannot hold left out, one entry per item in the order given.
@Suite struct AtomFeedTests {
    private func item(title: String, note: String? = nil, url: String? = nil, tags: [String] = []) -> Item {
        var item = Item(id: UUID(), kind: url == nil ? .text : .url, wallId: UUID(), source: .cli, createdAt: Date(), updatedAt: Date())
        item.title = title
        item.userNote = note
        item.url = url
        item.text = url == nil ? "Body \u{0} with <b>markup</b> & \u{FFFE}" : nil
        item.tags = tags
        return item
    }

    @Test func aFeedOfHostileTextsParsesWithOneEntryPerItem() throws {
        let items = [
            item(title: "A <script>alert(1)</script>", note: "]]> & \u{1}\u{8}", url: "https://example.com/?a=1&b=\"2\""),
            item(title: "Tom's \"quote\"", tags: ["a&b", "<c>"]),
            item(title: "\u{1F600} emoji and \u{B} vertical tab"),
        ]
        let feed = AtomFeed(
            id: UUID(), title: "Trip & <friends>", selfURL: "https://w.example/w/dl_x/feed.atom",
            pageURL: "https://w.example/w/dl_x", items: items, createdAt: Date()
        )

        let parser = XMLParser(data: Data(feed.xml.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(counter.counts["entry"] == 3)
        #expect(counter.counts["category"] == 2)
        #expect(!feed.xml.contains("\u{1}"))
        #expect(feed.xml.contains("Trip &amp; &lt;friends&gt;"))
    }

    @Test func anEmptyWallIsAFeedWithoutEntries() throws {
        let feed = AtomFeed(id: UUID(), title: "Empty", selfURL: "https://w.example/f", pageURL: "https://w.example/p", items: [], createdAt: Date())
        let parser = XMLParser(data: Data(feed.xml.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.counts["entry"] == nil)
        #expect(counter.counts["feed"] == 1)
    }
}

/// Counts elements by name.
private final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[element, default: 0] += 1
    }
}
