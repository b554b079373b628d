import Foundation
import ShareKit
import Testing

@Suite struct ContentPreviewTests {
    @Test func linksShowTitleAndHostWithATitleTextFolded() {
        let url = URL(string: "https://www.swift.org/blog/")!
        let preview = ContentPreview(Extraction(contents: [.link(url, title: nil), .text("Swift blog", source: nil, title: nil)]))
        #expect(preview.rows == [.link(title: "Swift blog", host: "swift.org", url: url)])
        #expect(preview.skippedNote == nil)
    }

    @Test func textIsCutToAnExcerptOnOneLine() {
        let long = String(repeating: "word ", count: 100)
        let preview = ContentPreview(Extraction(contents: [.text("A\n\npassage  here", source: URL(string: "https://example.com/p"), title: nil), .text(long, source: nil, title: nil)]))
        #expect(preview.rows.first == .text(excerpt: "A passage here", sourceHost: "example.com"))
        guard case .text(let excerpt, nil) = preview.rows.last else { Issue.record("\(preview.rows)"); return }
        #expect(excerpt.count == ContentPreview.excerptLength && excerpt.hasSuffix("…"))
    }

    @Test func picturesAndFilesAreGatheredAndSkippedOnesMentioned() {
        let photo = AttachmentFile(source: .data(Data([1])), type: .jpeg, filename: "a.jpg")
        let photo2 = AttachmentFile(source: .data(Data([2])), type: .png, filename: "b.png")
        let pdf = AttachmentFile(source: .data(Data([3])), type: .pdf, filename: "paper.pdf")
        var extraction = Extraction(contents: [.image(photo), .file(pdf), .image(photo2)])
        extraction.skipped = [SkippedAttachment(index: 3, typeIdentifiers: ["com.example.x"], reason: .unknownTypes)]
        let preview = ContentPreview(extraction)
        #expect(preview.rows == [.images([photo, photo2]), .files(["paper.pdf"])])
        #expect(preview.skippedNote == "1 attachment can't be saved to Digital Wall and is left out.")
    }
}
