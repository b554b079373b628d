import Foundation
import Testing
import WallCore
@testable import WallStore

/// What processing a file writes to its item, on plain values.
@Suite("Item file write")
struct ItemFileWriteTests {
    static let uploaded = Item(
        id: UUID(), kind: .file, url: nil, title: "Receipt", text: "typed by the person", userNote: "a note", tags: ["tax"],
        wallId: UUID(), source: .cli, state: .pending, sharedAt: nil, createdAt: Date(timeIntervalSince1970: 1_700_000_000),
        updatedAt: Date(timeIntervalSince1970: 1_700_000_000)
    )
    static let processed = ItemFile(sha256: String(repeating: "a", count: 64), size: 10, contentType: "application/pdf",
                                    thumbnail: String(repeating: "b", count: 64))

    @Test("The file, the text found, the state and the time replace the old ones; the person's words stay")
    func textFoundReplaces() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let item = ItemFileWrite.applied(to: Self.uploaded, file: Self.processed, text: "Receipt for one quokka", state: .ready, at: now)
        #expect(item.file == Self.processed)
        #expect(item.text == "Receipt for one quokka")
        #expect(item.state == .ready)
        #expect(item.updatedAt == now)
        #expect(item.title == "Receipt" && item.userNote == "a note" && item.tags == ["tax"])
    }

    @Test("When processing found no text, the item's text is kept")
    func noTextKeepsText() {
        let item = ItemFileWrite.applied(to: Self.uploaded, file: Self.processed, text: nil, state: .failed, at: Date())
        #expect(item.text == "typed by the person")
        #expect(item.state == .failed)
    }
}
