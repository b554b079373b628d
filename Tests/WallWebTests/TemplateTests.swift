import Foundation
import Testing
import WallCore
import WallWeb

/// The templates: every value escaped, every slot for previews and files filled when given.
@Suite struct TemplateTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/WallWeb")

    private func renderer() async throws -> WebRenderer {
        try await WebRenderer(
            templates: Self.sources.appendingPathComponent("Templates"), staticFiles: Self.sources.appendingPathComponent("Static")
        )
    }

    @Test func noTemplateOutputsUnescapedValues() throws {
        let folder = Self.sources.appendingPathComponent("Templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains("{{{"), "\(name)")
            #expect(!text.contains("{{&"), "\(name)")
            #expect(!text.contains("<script>"), "\(name): no inline script")
            #expect(!text.contains(" style="), "\(name): no inline style")
        }
    }

    @Test func cardEscapesEverythingAndFillsItsSlots() async throws {
        let evil = #"<script>x</script>"'&"#
        let item = Item(
            id: UUID(), kind: .url, url: "https://example.com/?a=1&b=\"2\"", title: evil, userNote: evil, tags: [evil],
            wallId: UUID(), source: .cli, createdAt: Date(), updatedAt: Date()
        )
        let extras = CardExtras(preview: CardPreview(description: evil, siteName: evil, hasImage: true, hasIcon: true))
        let card = CardView(item: item, extras: extras, highlighter: Highlighter(query: "script")) { "/w/inbox?tag=\($0)" }

        let html = try await renderer().render(card, template: "card")

        #expect(!html.contains("<script>"))
        #expect(!html.contains(#""'&<"#))
        #expect(html.contains("&lt;<mark>script</mark>&gt;x&lt;/<mark>script</mark>&gt;&quot;&#39;&amp;"))
        #expect(html.contains(#"href="https://example.com/?a=1&amp;b=&quot;2&quot;""#))
        #expect(html.contains(#"src="/v1/items/\#(card.id)/link-image""#))
        #expect(html.contains(#"src="/v1/items/\#(card.id)/icon""#))
        #expect(html.contains("card-description"))
    }

    @Test func fileCardNamesTheFile() async throws {
        let item = Item(id: UUID(), kind: .file, wallId: UUID(), source: .cli, createdAt: Date(), updatedAt: Date())
        let media = MediaInfo(fileName: "Receipt <2026>.pdf", byteCount: 48_000, contentType: "application/pdf", hasThumbnail: true)
        let card = CardView(item: item, extras: CardExtras(media: media)) { _ in "" }
        let html = try await renderer().render(card, template: "card")
        #expect(html.contains("Receipt &lt;2026&gt;.pdf"))
        #expect(html.contains(">PDF<"))
        #expect(html.contains("48 KB"))
        #expect(html.contains("/thumbnail"))
    }

    @Test func fileCardNamesTheFileOnce() async throws {
        let media = MediaInfo(fileName: "scan.pdf", byteCount: 2_000, contentType: "application/pdf", hasThumbnail: false)
        let untitled = Item(id: UUID(), kind: .file, title: "scan.pdf", wallId: UUID(), source: .cli, createdAt: Date(), updatedAt: Date())
        let html = try await renderer().render(CardView(item: untitled, extras: CardExtras(media: media)) { _ in "" }, template: "card")
        #expect(html.components(separatedBy: "scan.pdf").count == 2, "the name once, as the title")
        #expect(html.contains("2 KB"))
        var titled = untitled
        titled.title = "March receipts"
        let named = try await renderer().render(CardView(item: titled, extras: CardExtras(media: media)) { _ in "" }, template: "card")
        #expect(named.contains("March receipts") && named.contains("scan.pdf"), "a title of its own, and the file's name")
    }

    @Test func assetsHaveVersionedPaths() async throws {
        let assets = try await renderer().assets
        #expect(assets.path("app.js").hasPrefix("/assets/app.js?v="))
        #expect(assets.files["icon-512.png"]?.contentType == "image/png")
        #expect(assets.files.keys.contains("sw.js"))
    }

    @Test func everyScriptAPageNamesIsAStaticFile() async throws {
        let assets = try await renderer().assets
        // A missing one would be asked for unversioned, answered 404, and fail the service
        // worker's install (its app shell lists each).
        for name in ["masonry.js", "queue.js"] + StaticAssets.pageScripts {
            #expect(assets.files[name] != nil, "\(name) is in Static/")
        }
        let chrome = PageChrome(pageTitle: "Wall", pageName: "wall", csrfToken: "t", assets: assets)
        #expect(chrome.scriptHrefs == StaticAssets.pageScripts.map(assets.path))
        #expect(chrome.scriptHrefs.allSatisfy { $0.contains("?v=") })
    }
}
