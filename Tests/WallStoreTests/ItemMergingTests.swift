import Foundation
import Testing
import WallCore
@testable import WallStore

/// When a note counts as already held by an item's note (notes are joined with a blank line).
@Suite("Item merging")
struct ItemMergingTests {
    @Test("A note held as whole paragraphs, at the start, the end, the middle or all of it", arguments: [
        "read later", "a", "b", "c", "a\n\nb", "b\n\nc", "a\n\nb\n\nc",
    ])
    func heldAsParagraphs(note: String) {
        let current = note == "read later" ? "read later" : "a\n\nb\n\nc"
        #expect(Item.note(current, holdsParagraphs: note))
    }

    @Test("A note only inside a paragraph, or across a paragraph's edge, is not held", arguments: [
        "later", "read", "a\n\nb\n\nc\n\nd", "\n\nb", "b\n\n", "a\n\nb\n", "ad",
    ])
    func notHeld(note: String) {
        let current = note == "later" || note == "read" ? "read later" : "a\n\nb\n\nc"
        #expect(!Item.note(current, holdsParagraphs: note))
    }
}

/// Merging an item into the target wall's item of the same link when its wall is deleted:
/// everything the person wrote on it is kept, or the merge is refused.
@Suite("Item absorbing")
struct ItemAbsorbingTests {
    private static func item(note: String? = nil, text: String? = nil, tags: [String] = []) -> Item {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        return Item(
            id: UUID(), kind: .url, url: "https://example.com/a", title: nil, text: text, userNote: note, tags: tags,
            wallId: UUID(), source: .cli, state: .ready, sharedAt: nil, createdAt: now, updatedAt: now
        )
    }

    @Test("Notes and texts are joined by paragraphs, tags added, and what is held already is not repeated")
    func keepsEverything() throws {
        let holder = Self.item(note: "inbox note", text: "first passage", tags: ["a"])
        let merged = try holder.absorbing(Self.item(note: "reading note", text: "second passage", tags: ["b", "a"]))
        #expect(merged.userNote == "inbox note\n\nreading note")
        #expect(merged.text == "first passage\n\nsecond passage")
        #expect(merged.tags == ["a", "b"])

        let again = try merged.absorbing(Self.item(note: "reading note", text: "first passage", tags: ["b"]))
        #expect(again.userNote == merged.userNote && again.text == merged.text && again.tags == merged.tags)
        #expect(try Self.item().absorbing(Self.item(text: "only here")).text == "only here")
    }

    @Test("A note or text that would pass its limit joined, or tags past the most, refuse the merge, naming what", arguments: [
        ("note", Self.item(note: String(repeating: "n", count: 6_000)), Self.item(note: String(repeating: "m", count: 5_000))),
        ("text", Self.item(text: String(repeating: "t", count: 150_000)), Self.item(text: String(repeating: "u", count: 60_000))),
        ("tags", Self.item(tags: (1...30).map { "old\($0)" }), Self.item(tags: ["new1", "new2", "new3"])),
    ])
    func refusesWhatWouldNotFit(part: String, holder: Item, other: Item) {
        #expect {
            _ = try holder.absorbing(other)
        } throws: { error in
            guard case StoreError.conflict(let message) = error else { return false }
            return message.contains("its \(part)") && message.contains("https://example.com/a")
        }
    }
}
