import Foundation
import Testing
import WallCore

/// The page snapshot of a share: each refusal names its field, sizes are counted as the limits
/// say (UTF-8 bytes for the HTML), and the snapshot is part of the share's fingerprint.
@Suite struct PageSnapshotValidationTests {
    private static let link = "https://example.com/article"

    private func share(_ page: PageSnapshot?, kind: ItemKind = .url, id: UUID = UUID()) -> ShareRequest {
        ShareRequest(id: id, contentType: kind, url: Self.link, text: kind == .text ? "a passage" : nil, page: page)
    }

    private func refusal(_ request: ShareRequest, sourceLocation: SourceLocation = #_sourceLocation) -> ValidationError? {
        #expect(throws: ValidationError.self, sourceLocation: sourceLocation) { try request.validated() }
    }

    @Test func aSnapshotIsKeptTrimmedWithAURLShare() throws {
        let valid = try share(PageSnapshot(
            title: "  The article  ", selection: " a line ", canonicalUrl: "https://example.com/a?utm_source=x",
            html: "<p>Words</p>", capturedBy: "browser_extension"
        )).validated()
        #expect(valid.page?.title == "The article")
        #expect(valid.page?.selection == "a line")
        #expect(valid.page?.html == "<p>Words</p>")
        #expect(valid.page?.canonicalUrl?.hasPrefix("https://example.com/a") == true)
        #expect(valid.page?.capturedBy == "browser_extension")
    }

    @Test func aSnapshotOnATextShareIsRefusedNamingPage() {
        let error = refusal(share(PageSnapshot(html: "<p>x</p>"), kind: .text))
        #expect(error?.field == "page")
        #expect(error?.code == .invalidField)
    }

    @Test func htmlIsMeasuredInUTF8BytesAndRefusedOverTheLimit() throws {
        // Fewer characters than the limit, but more bytes: "é" is two bytes.
        let html = String(repeating: "é", count: Limits.maxPageSnapshotHTMLBytes / 2 + 1)
        #expect(html.count < Limits.maxPageSnapshotHTMLBytes)
        let error = refusal(share(PageSnapshot(html: html)))
        #expect(error?.field == "page.html")
        #expect(error?.message.contains("\(Limits.maxPageSnapshotHTMLBytes) bytes") == true)

        let fits = String(repeating: "a", count: Limits.maxPageSnapshotHTMLBytes)
        #expect(try share(PageSnapshot(html: fits)).validated().page?.html?.utf8.count == Limits.maxPageSnapshotHTMLBytes)
    }

    @Test func eachTextFieldIsRefusedByName() {
        let cases: [(PageSnapshot, String)] = [
            (PageSnapshot(title: "line\nbreak"), "page.title"),
            (PageSnapshot(title: String(repeating: "t", count: Limits.maxTitleLength + 1)), "page.title"),
            (PageSnapshot(selection: String(repeating: "s", count: Limits.maxPageSnapshotSelectionLength + 1)), "page.selection"),
            (PageSnapshot(text: String(repeating: "w", count: Limits.maxPageSnapshotTextLength + 1)), "page.text"),
            (PageSnapshot(text: "nul \u{0} inside"), "page.text"),
            (PageSnapshot(canonicalUrl: "javascript:alert(1)"), "page.canonicalUrl"),
            (PageSnapshot(html: "<p>x</p>", capturedBy: "has spaces"), "page.capturedBy"),
            (PageSnapshot(html: "<p>x</p>", capturedBy: String(repeating: "a", count: Limits.maxPageSnapshotSourceLength + 1)), "page.capturedBy"),
        ]
        for (page, field) in cases {
            #expect(refusal(share(page))?.field == field, "expected \(field) to be refused")
        }
    }

    @Test func anEmptySnapshotIsIgnoredAndLeavesTheFingerprintAsWithout() throws {
        let id = UUID()
        let empty = try share(PageSnapshot(title: "  ", html: " \n ", capturedBy: "browser_extension"), id: id).validated()
        let none = try share(nil, id: id).validated()
        #expect(empty.page == nil)
        #expect(empty.fingerprint == none.fingerprint)
    }

    @Test func theSnapshotIsPartOfTheFingerprint() throws {
        let id = UUID()
        let first = try share(PageSnapshot(html: "<p>first</p>"), id: id).validated()
        let second = try share(PageSnapshot(html: "<p>second</p>"), id: id).validated()
        let again = try share(PageSnapshot(html: "<p>first</p>"), id: id).validated()
        let none = try share(nil, id: id).validated()
        #expect(first.fingerprint != second.fingerprint)
        #expect(first.fingerprint == again.fingerprint)
        #expect(first.fingerprint != none.fingerprint)
    }
}
