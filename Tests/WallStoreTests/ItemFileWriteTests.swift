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

    @Test("The file, the state and the time replace the old ones; what the person shared stays, the file's text is found beside it")
    func sharedTextStays() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let write = ItemFileWrite(applying: Self.processed, text: "Receipt for one quokka", state: .ready, at: now, to: Self.uploaded)
        #expect(write.item.file == Self.processed)
        #expect(write.item.text == "typed by the person")
        #expect(write.foundText == "Receipt for one quokka")
        #expect(write.item.state == .ready)
        #expect(write.item.updatedAt == now)
        #expect(write.item.title == "Receipt" && write.item.userNote == "a note" && write.item.tags == ["tax"])
    }

    @Test("An item shared without text shows the file's text as its own, searched there once", arguments: [nil, ""])
    func noSharedTextShowsTheFiles(shared: String?) {
        var uploaded = Self.uploaded
        uploaded.text = shared
        let write = ItemFileWrite(applying: Self.processed, text: "Receipt for one quokka", state: .ready, at: Date(), to: uploaded)
        #expect(write.item.text == "Receipt for one quokka")
        #expect(write.foundText == nil)
        let again = ItemFileWrite(applying: Self.processed, text: "Receipt for one quokka", state: .ready, at: Date(), to: write.item)
        #expect(again.item.text == "Receipt for one quokka" && again.foundText == nil)
    }

    @Test("When processing found no text, the item's text and its found words are kept")
    func noTextKeepsText() {
        let write = ItemFileWrite(applying: Self.processed, text: nil, state: .failed, at: Date(), to: Self.uploaded)
        #expect(write.item.text == "typed by the person")
        #expect(write.foundText == nil)
        #expect(write.item.state == .failed)
    }
}
