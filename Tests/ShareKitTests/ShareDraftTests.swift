import Foundation
import ShareKit
import Testing
import WallCore

@Suite struct ShareDraftTests {
    let page = URL(string: "https://example.com/a")!

    @Test func aShortTextBesideALinkIsItsTitle() {
        let shares = ShareDraft(contents: [.link(page, title: nil), .text("Example Domain", source: nil, title: nil)], source: .cli).shares()
        #expect(shares.count == 1)
        #expect(shares[0].request.contentType == .url)
        #expect(shares[0].request.title == "Example Domain")
    }

    @Test func aPassageBesideALinkIsItsOwnShare() {
        let passage = "First line.\nSecond line."
        let shares = ShareDraft(contents: [.link(page, title: "A"), .text(passage, source: nil, title: nil)], source: .cli).shares()
        #expect(shares.map(\.request.contentType) == [.url, .text])
        #expect(shares[1].request.text == passage)
    }

    @Test func aSelectionKeepsItsPage() {
        let shares = ShareDraft(contents: [.text("Quote", source: page, title: "A")], note: " ", tags: ["x"], source: .iosShareExtension).shares()
        let request = shares[0].request
        #expect(request.contentType == .text && request.text == "Quote" && request.url == page.absoluteString && request.title == "A")
        #expect(request.userNote == nil, "a blank note is no note")
        #expect(request.tags == ["x"])
    }

    @Test func picturesCarryTheirFile() throws {
        let photo = AttachmentFile(source: .data(Data([1])), type: .png, filename: "a.png")
        let shares = ShareDraft(contents: [.image(photo)], source: .cli).shares()
        #expect(shares[0].request.contentType == .image && shares[0].attachments == [photo])
        #expect(throws: Never.self) { try shares[0].request.validated(attachmentCount: 1) }
    }

    @Test func everyShareGetsItsOwnTimeOrderedID() {
        let shares = ShareDraft(contents: [.link(page, title: nil), .text("a\nb", source: nil, title: nil)], source: .cli).shares()
        #expect(Set(shares.map(\.request.id)).count == 2)
        #expect(shares.allSatisfy { $0.request.id.uuidString.dropFirst(14).first == "7" }, "UUIDv7")
    }
}
