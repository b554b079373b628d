import Foundation
import Testing
import WallCore
import WallWeb

/// A card's picture: its size (so its space is kept before it loads) and its renditions as a
/// `srcset` with the widths the thumbnailer makes them at.
@Suite struct CardImageTests {
    private func photo(width: Int?, height: Int?, preview: Bool = true) -> Item {
        var item = Item(id: UUID(), kind: .image, wallId: UUID(), source: .cli, createdAt: Date(), updatedAt: Date())
        item.file = ItemFile(
            sha256: String(repeating: "a", count: 64), size: 9_000, contentType: "image/jpeg", name: "p.jpg",
            thumbnail: String(repeating: "b", count: 64), preview: preview ? String(repeating: "c", count: 64) : nil,
            width: width, height: height
        )
        return item
    }

    @Test func aLargePhotoOffersBothRenditionsAtTheWidthsTheyAreMade() throws {
        let item = photo(width: 4_000, height: 3_000)
        let image = try #require(CardView(item: item, tagHref: { $0 }).image)
        let id = item.id.uppercasedText
        #expect(image.srcset == "/v1/items/\(id)/thumbnail 480w, /v1/items/\(id)/preview 1200w")
        #expect(image.width == 4_000 && image.height == 3_000)
    }

    @Test func renditionsAreNeverEnlargedAndFitThreeTimesTheirWidthInHeight() throws {
        let small = try #require(CardView(item: photo(width: 300, height: 200), tagHref: { $0 }).image)
        #expect(small.srcset == nil, "both renditions are the picture itself: one source is enough")
        let medium = try #require(CardView(item: photo(width: 800, height: 600), tagHref: { $0 }).image)
        #expect(medium.srcset?.hasSuffix("/preview 800w") == true)
        let tall = try #require(CardView(item: photo(width: 1_000, height: 10_000), tagHref: { $0 }).image)
        #expect(tall.srcset?.contains("/thumbnail 144w") == true, "480 × 3 tall at most: 1440 × 1000 / 10000")
        #expect(tall.srcset?.contains("/preview 360w") == true)
    }

    @Test func aPictureOfUnknownSizeHasNoDimensionsAndOneSource() throws {
        let image = try #require(CardView(item: photo(width: nil, height: nil), tagHref: { $0 }).image)
        #expect(image.width == nil && image.srcset == nil)
        let noPreview = try #require(CardView(item: photo(width: 900, height: 900, preview: false), tagHref: { $0 }).image)
        #expect(noPreview.width == 900 && noPreview.srcset == nil)
    }

    @Test func theCardTemplateGivesThePictureItsSizeAndSources() async throws {
        let sources = TemplateTests.sources
        let renderer = try await WebRenderer(
            templates: sources.appendingPathComponent("Templates"), staticFiles: sources.appendingPathComponent("Static")
        )
        let item = photo(width: 1_600, height: 900)
        let html = renderer.render(CardView(item: item, tagHref: { $0 }), template: "card")
        let id = item.id.uppercasedText
        #expect(html.contains(#"<img src="/v1/items/\#(id)/thumbnail" srcset="/v1/items/\#(id)/thumbnail 480w, /v1/items/\#(id)/preview 1200w" sizes="\#(CardImage.sizes)" width="1600" height="900""#))
        let bare = renderer.render(CardView(item: photo(width: nil, height: nil), tagHref: { $0 }), template: "card")
        #expect(bare.contains(#"/thumbnail" alt="" loading="lazy""#), "no size, no srcset: nothing made up")
    }
}
