import Foundation
import Testing
import WallCore
import WallWeb

/// What a card shows: only http(s) links, images only from our own routes, titles that stand
/// in when there is none, excerpts around the match.
@Suite struct CardViewTests {
    private func item(
        kind: ItemKind = .url, url: String? = "https://www.example.com/page", title: String? = nil, text: String? = nil,
        state: ItemState = .ready
    ) -> Item {
        Item(
            id: UUID(), kind: kind, url: url, title: title, text: text, wallId: UUID(), source: .cli, state: state,
            createdAt: Date(timeIntervalSince1970: 1_800_000_000), updatedAt: Date(timeIntervalSince1970: 1_800_000_000)
        )
    }

    @Test func onlyHTTPLinksBecomeLinks() {
        #expect(SafeLink("https://www.example.com/x")?.host == "example.com")
        #expect(SafeLink("HTTP://Example.com")?.href == "HTTP://Example.com")
        for bad in ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>", "file:///etc/passwd", "//example.com", "ftp://example.com", "https://", nil] {
            #expect(SafeLink(bad) == nil, "\(bad ?? "nil")")
        }
        let card = CardView(item: item(url: "javascript:alert(1)")) { _ in "" }
        #expect(card.link == nil)
        #expect(card.site == nil)
    }

    @Test func imagesComeOnlyFromOurRoutes() {
        let plain = CardView(item: item()) { _ in "" }
        #expect(plain.imageSrc == nil)
        #expect(plain.iconSrc == nil)
        let enriched = CardView(
            item: item(), extras: CardExtras(preview: CardPreview(description: "About", siteName: "Example", hasImage: true, hasIcon: true))
        ) { _ in "" }
        #expect(enriched.imageSrc == "/v1/items/\(enriched.id)/link-image")
        #expect(enriched.iconSrc == "/v1/items/\(enriched.id)/icon")
        #expect(enriched.site == "Example")
        let photo = CardView(
            item: item(kind: .image, url: nil),
            extras: CardExtras(media: MediaInfo(fileName: "IMG_1.jpg", byteCount: 1_234_567, contentType: "image/jpeg", hasThumbnail: true))
        ) { _ in "" }
        #expect(photo.imageSrc == "/v1/items/\(photo.id)/thumbnail")
        #expect(photo.file == FileLabel(MediaInfo(fileName: "IMG_1.jpg", byteCount: 1_234_567, contentType: "image/jpeg", hasThumbnail: true)))
        #expect(photo.file?.size == "1.2 MB")
        #expect(photo.file?.type == "JPEG")
    }

    @Test func titlesStandIn() {
        #expect(CardView.titleText(of: item(title: "Given"), extras: .none) == "Given")
        #expect(CardView.titleText(of: item(title: nil), extras: .none) == "www.example.com/page")
        #expect(CardView.titleText(of: item(kind: .text, url: nil, text: "First line\nsecond"), extras: .none) == "First line")
        let derived = CardView(item: item(kind: .text, url: nil, text: "Only text")) { _ in "" }
        #expect(derived.isDerivedTitle)
    }

    @Test func longPassagesShowTheirStartOrTheMatch() {
        let filler = String(repeating: "word ", count: 200)
        let start = CardView(item: item(kind: .text, url: nil, text: filler + "needle")) { _ in "" }
        #expect(start.excerpt.map(\.text).joined().count <= CardView.excerptLength + 1)
        let searched = CardView(item: item(kind: .text, url: nil, text: filler + "needle"), highlighter: Highlighter(query: "needle")) { _ in "" }
        #expect(searched.excerpt.contains(TextPart("needle", match: true)))
        #expect(searched.excerpt.first?.text.hasPrefix("…") == true)
    }

    @Test func stateIsShown() {
        #expect(CardView(item: item(state: .pending)) { _ in "" }.isPending)
        #expect(CardView(item: item(state: .failed)) { _ in "" }.failure != nil)
        let failed = CardView(item: item(state: .failed), extras: CardExtras(preview: CardPreview(failure: "The site answered 404."))) { _ in "" }
        #expect(failed.failure == "The site answered 404.")
    }

    @Test func sizesReadWell() {
        #expect(FileLabel(MediaInfo(fileName: nil, byteCount: 532, contentType: "application/pdf", hasThumbnail: false)).size == "532 B")
        #expect(FileLabel(MediaInfo(fileName: nil, byteCount: 14_300, contentType: "application/pdf", hasThumbnail: false)).size == "14 KB")
        #expect(FileLabel(MediaInfo(fileName: nil, byteCount: 14_300, contentType: "application/pdf", hasThumbnail: false)).name == "File")
    }
}
