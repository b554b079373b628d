import Foundation
import ShareKit
import WallCore
import Testing

@Suite struct ExtractionTests {
    let extractor = AttachmentExtractor()

    @Test func thePagePayloadWinsOverTheURLOfTheSameAttachment() async throws {
        let safari = StubProvider([
            ("public.url", .success(.url(URL(string: "https://example.com/plain")!))),
            ("com.apple.property-list", .success(.dictionary(["URL": "https://example.com/article", "title": " An article "]))),
        ])
        let result = await extractor.extract(from: [safari])
        let page = try #require(PagePayload(["URL": "https://example.com/article", "title": "An article"]))
        #expect(result.contents == [.page(page)])
        #expect(page.title == "An article")
        #expect(safari.loaded == ["com.apple.property-list"], "the payload is probed first and nothing else is loaded")
    }

    @Test func aSelectionOnThePageIsSharedWithItsPage() async {
        let safari = StubProvider("com.apple.property-list", .dictionary(["URL": "https://example.com/a", "title": "A", "selection": "The quote"]))
        let result = await extractor.extract(from: [safari])
        guard case .page(let page)? = result.contents.first else { Issue.record("\(result.contents)"); return }
        #expect(page.url == URL(string: "https://example.com/a")! && page.title == "A" && page.selection == "The quote")
    }

    @Test func aTextThatIsAURLBecomesALink() async {
        let pasted = StubProvider("public.plain-text", .text("  https://swift.org/blog/\n"))
        let bracketed = StubProvider("public.utf8-plain-text", .data(Data("<https://example.com/x>".utf8)))
        let prose = StubProvider("public.plain-text", .text("Read https://swift.org later"))
        let result = await extractor.extract(from: [pasted, bracketed, prose])
        #expect(result.contents == [
            .link(URL(string: "https://swift.org/blog/")!, title: nil),
            .link(URL(string: "https://example.com/x")!, title: nil),
            .text("Read https://swift.org later", source: nil, title: nil),
        ])
    }

    @Test func severalAttachmentsComeOutInOrder() async throws {
        let link = StubProvider("public.url", .url(URL(string: "https://example.com/")!))
        let title = StubProvider("public.plain-text", .text("Example Domain"))
        let photo = StubProvider("public.jpeg", .data(Data([0xFF, 0xD8, 0xFF])))
        let result = await extractor.extract(from: [link, title, photo])
        #expect(result.contents.map(\.kind) == [.url, .text, .image])
        guard case .image(let file) = result.contents[2] else { Issue.record("expected an image"); return }
        #expect(file.type == .jpeg)
        #expect(file.filename == "attachment.jpeg")
        #expect(try file.readData() == Data([0xFF, 0xD8, 0xFF]))
    }

    @Test func unknownTypesAreReportedAndSkippedNotFatal() async {
        let sketch = StubProvider("com.example.sketch", .data(Data([1, 2, 3])))
        let link = StubProvider("public.url", .url(URL(string: "https://example.com/")!))
        let phone = StubProvider("public.url", .url(URL(string: "tel:+15555550100")!))
        let result = await extractor.extract(from: [sketch, link, phone])
        #expect(result.contents == [.link(URL(string: "https://example.com/")!, title: nil)])
        #expect(result.skipped == [
            SkippedAttachment(index: 0, typeIdentifiers: ["com.example.sketch"], reason: .unknownTypes),
            SkippedAttachment(index: 2, typeIdentifiers: ["public.url"], reason: .unsupportedLink("tel:+15555550100")),
        ])
        #expect(sketch.loaded.isEmpty, "an unknown type is never loaded")
    }

    @Test func aFailedLoadFallsBackToTheNextKindTheAttachmentOffers() async {
        let flaky = StubProvider([
            ("public.url", .failure(StubFailure(message: "sandbox said no"))),
            ("public.plain-text", .success(.text("https://example.com/fallback"))),
        ])
        let broken = StubProvider([("public.jpeg", .failure(StubFailure(message: "gone")))])
        let result = await extractor.extract(from: [flaky, broken])
        #expect(result.contents == [.link(URL(string: "https://example.com/fallback")!, title: nil)])
        #expect(flaky.loaded == ["public.url", "public.plain-text"])
        #expect(result.skipped == [SkippedAttachment(index: 1, typeIdentifiers: ["public.jpeg"], reason: .loadFailed("gone"))])
    }

    @Test func fileURLsAreReadLazilyAndTypedByTheirName() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let photo = folder.url.appendingPathComponent("IMG_0001.JPG")
        let document = folder.url.appendingPathComponent("Report.pdf")
        // The files don't exist yet: extraction must not read them.
        let result = await extractor.extract(from: [
            StubProvider("public.file-url", .url(photo)), StubProvider("public.file-url", .url(document)),
        ])
        #expect(result.skipped.isEmpty)
        guard case .image(let image) = result.contents.first, case .file(let pdf) = result.contents.last else {
            Issue.record("expected an image and a file, got \(result.contents)")
            return
        }
        #expect(image.type == .jpeg && image.filename == "IMG_0001.JPG")
        #expect(pdf.type == .pdf)
        #expect(throws: (any Error).self) { try image.readData() }
        try Data("written after extraction".utf8).write(to: photo)
        #expect(try image.readData() == Data("written after extraction".utf8))
    }

    @Test func theSameLinkTwiceIsOneContent() async {
        let first = StubProvider("public.url", .url(URL(string: "https://example.com/a")!))
        let second = StubProvider("public.plain-text", .text("https://example.com/a"))
        #expect(await extractor.extract(from: [first, second]).contents.count == 1)
    }

    @Test func aPagePayloadWithoutAWebAddressIsSkippedWithAReason() async {
        let payload = StubProvider("com.apple.property-list", .dictionary(["title": "No address"]))
        let result = await extractor.extract(from: [payload])
        #expect(result.isEmpty)
        #expect(result.skipped.first?.reason == .loadFailed("The page payload has no web address."))
    }
}
