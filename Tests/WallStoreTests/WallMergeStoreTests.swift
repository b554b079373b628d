import Foundation
import Testing
import WallCore
@testable import WallStore

/// Deleting a wall whose links the target wall holds too: the items merge, keeping every note,
/// text and tag, or the deletion is refused and changes nothing.
@Suite("Deleting a wall into one holding its links")
struct WallMergeStoreTests {
    /// A link share carrying a passage, as the browser's selection or the raw API sends one.
    private static func passageShare(_ text: String, note: String, wall: String? = nil) throws -> ValidShare {
        try ShareRequest(
            id: UUID(), contentType: .url, url: "https://example.com/merge", text: text, userNote: note, wall: wall,
            source: .cli
        ).validated()
    }

    @Test("A note that would not fit refuses the deletion, which changes nothing", arguments: StoreFactory.all)
    func refusedMergeChangesNothing(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let reading = try await store.newWall("Reading", for: alice)
            let long = String(repeating: "n", count: 6_000)
            let holder = try await store.save(Self.passageShare("first passage", note: long), for: alice).item
            let other = try await store.save(
                Self.passageShare("second passage", note: String(repeating: "m", count: 5_000), wall: "reading"), for: alice
            ).item
            let seq = try await store.lastSeq(for: alice)

            await #expect {
                try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .moveTo("inbox"))
            } throws: { error in
                guard case StoreError.conflict(let message) = error else { return false }
                return message.contains("its note") && message.contains("https://example.com/merge")
            }

            #expect(try await store.wall(ref: "reading", userID: alice.id)?.itemCount == 1)
            #expect(try await store.item(id: other.id, userID: alice.id) == other)
            #expect(try await store.item(id: holder.id, userID: alice.id) == holder)
            #expect(try await store.allEvents(after: seq, for: alice).isEmpty)
        }
    }

    @Test("The merged-away item's passage is joined to the holder's, and found by search", arguments: StoreFactory.all)
    func passagesAreJoined(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let reading = try await store.newWall("Reading", for: alice)
            let holder = try await store.save(Self.passageShare("first passage", note: "inbox note"), for: alice).item
            _ = try await store.save(Self.passageShare("second wombat", note: "reading note", wall: "reading"), for: alice)

            try await store.deleteWall(id: reading.id, userID: alice.id, disposal: .moveTo("inbox"))

            let merged = try #require(try await store.item(id: holder.id, userID: alice.id))
            #expect(merged.text == "first passage\n\nsecond wombat")
            #expect(merged.userNote == "inbox note\n\nreading note")
            #expect(try await store.search("wombat", for: alice) == [holder.id])
            #expect(try await store.allItems(for: alice).count == 1)
        }
    }
}
