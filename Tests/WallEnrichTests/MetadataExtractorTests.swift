import Foundation
import Testing
@testable import WallEnrich

@Suite struct MetadataExtractorTests {
    let base = URL(string: "https://news.example.org/section/page.html")!

    @Test func readsOpenGraphTwitterJSONLDAndResolvesRelativeURLs() throws {
        let page = MetadataExtractor.extract(from: try Corpus.bytes("article.html"), pageURL: base)
        #expect(page.title == "Rivers of the North")
        #expect(page.description == "How glaciers carved the valleys we walk today.")
        #expect(page.siteName == "Example News")
        #expect(page.canonicalURL?.absoluteString == "https://news.example.org/articles/rivers-of-the-north")
        #expect(page.imageURL?.absoluteString == "https://news.example.org/images/river.png")
        #expect(page.iconURLs.map(\.absoluteString) == [
            "https://static.example.org/touch.png",
            "https://news.example.org/section/icons/favicon-32.png",
            "https://news.example.org/favicon.ico",
        ])
        #expect(page.author == "Ada Lovelace")
        #expect(page.published == "2026-03-14T09:00:00Z")
    }

    @Test func readableTextKeepsTheArticleAndDropsTheRest() throws {
        let text = try #require(MetadataExtractor.extract(from: try Corpus.bytes("article.html"), pageURL: base).readableText)
        #expect(text.hasPrefix("Rivers of the North\nThe glaciers retreated"))
        #expect(text.contains("the occasional canoe."))
        for dropped in ["Navigation", "Footer words", "scriptwords", "stylewords", "comment", "Mountains of the South", "Home"] {
            #expect(!text.contains(dropped), "\(dropped) should not be in the readable text")
        }
    }

    @Test func withoutArticlePrefersMainThenTheDensestBlock() throws {
        let main = MetadataExtractor.extract(from: try Corpus.bytes("main.html"), pageURL: base)
        #expect(main.readableText == "Main heading\nMain body text.")
        #expect(main.author == "Grace Hopper")
        #expect(main.published == "2025-01-02")
        let dense = try #require(MetadataExtractor.extract(from: try Corpus.bytes("densest.html"), pageURL: base).readableText)
        #expect(dense.hasPrefix("This block holds the story."))
        #expect(!dense.contains("Short promo") && !dense.contains("Nice post") && !dense.contains("B C"))
    }

    @Test func brokenHTMLStillGivesWhatCanBeRead() throws {
        let page = MetadataExtractor.extract(from: try Corpus.bytes("broken.html"), pageURL: base)
        #expect(page.title == "Broken page")
        #expect(page.description == "unquoted")
        #expect(page.readableText?.contains("Deep text that still counts") == true)
        let bare = MetadataExtractor.extract(from: try Corpus.bytes("no-metadata.html"), pageURL: base)
        #expect(bare.title == nil)
        #expect(bare.readableText == "Just a fragment with no head at all.")
        #expect(bare.iconURLs.map(\.absoluteString) == ["https://news.example.org/favicon.ico"])
    }

    @Test func readsWindows1252FromTheHeaderAndFromMeta() throws {
        let header = MetadataExtractor.extract(from: try Corpus.bytes("cp1252.html"), headerCharset: "windows-1252", pageURL: base)
        #expect(header.title == "Café “quotes” — dash")
        #expect(header.readableText == "Crème brûlée €5")
        // ISO-8859-1 is read as windows-1252, as browsers do.
        let latin1 = MetadataExtractor.extract(from: try Corpus.bytes("cp1252.html"), headerCharset: "ISO-8859-1", pageURL: base)
        #expect(latin1.title == "Café “quotes” — dash")
        let meta = MetadataExtractor.extract(from: try Corpus.bytes("cp1252-meta.html"), pageURL: base)
        #expect(meta.title == "Café “meta”")
    }

    @Test func readsShiftJISAndUTF8() throws {
        let sjis = MetadataExtractor.extract(from: try Corpus.bytes("shift_jis.html"), pageURL: base)
        #expect(sjis.title == "日本語のページ")
        #expect(sjis.description == "東京と大阪")
        #expect(sjis.readableText == "こんにちは世界。ソフトウェア表示。")
        let utf8 = MetadataExtractor.extract(from: try Corpus.bytes("utf8.html"), pageURL: base)
        #expect(utf8.title == "Über 日本 🌊")
        // A header charset wins over the page's own declaration.
        let header = MetadataExtractor.extract(from: try Corpus.bytes("shift_jis.html"), headerCharset: "Shift_JIS", pageURL: base)
        #expect(header.title == "日本語のページ")
    }

    @Test func refusesNonWebURLsInMetadata() {
        let html = Array("""
            <html><head><meta property="og:image" content="javascript:alert(1)">
            <link rel="icon" href="data:image/png;base64,AAAA"><link rel="canonical" href="file:///etc/passwd"></head></html>
            """.utf8)
        let page = MetadataExtractor.extract(from: html, pageURL: base)
        #expect(page.imageURL == nil)
        #expect(page.canonicalURL == nil)
        #expect(page.iconURLs.map(\.absoluteString) == ["https://news.example.org/favicon.ico"])
    }

    @Test func capsLongFieldsAndReadableText() {
        let long = String(repeating: "word ", count: 40_000)
        let html = Array("<html><head><meta name=description content=\"\(long)\"></head><body><article><p>\(long)</p></article></body></html>".utf8)
        let page = MetadataExtractor.extract(from: html, pageURL: base)
        #expect(page.description?.count == 1_000)
        #expect(page.readableText?.count == 100_000)
    }
}
