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
