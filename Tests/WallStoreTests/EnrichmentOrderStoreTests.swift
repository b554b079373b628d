import Foundation
import Testing
import WallCore
import WallStore

/// Two enrichments of one item whose fetches end out of order: the one asked for later stands.
@Suite("Enrichment order")
struct EnrichmentOrderStoreTests {
    private static func preview(_ text: String, askedAt seconds: TimeInterval) -> LinkPreview {
        var preview = LinkPreview(title: text, readableText: "\(text) words")
        preview.requestedAt = Date(timeIntervalSince1970: seconds)
        return preview
    }

    @Test("An older request's result, written last, leaves the newer one on the card and announces nothing",
          arguments: StoreFactory.all)
    func olderResultWrittenLastIsSkipped(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let item = try await store.save(try linkShare("https://example.com/order"), for: alice).item

            let newer = Self.preview("wombat", askedAt: 2_000)
            _ = try await store.recordEnrichment(itemID: item.id, userID: alice.id, state: .ready, preview: newer)
            let seq = try await store.lastSeq(for: alice)
            let answered = try await store.recordEnrichment(
                itemID: item.id, userID: alice.id, state: .failed, preview: Self.preview("quokka", askedAt: 1_000)
            )

            #expect(answered?.preview?.title == "wombat", "answers the item as it is")
            let stored = try #require(try await store.item(id: item.id, userID: alice.id))
            #expect(stored.state == .ready && stored.preview?.title == "wombat")
            #expect(try await store.readableText(itemID: item.id, userID: alice.id) == "wombat words")
            #expect(try await store.search("wombat", for: alice) == [item.id])
            #expect(try await store.search("quokka", for: alice).isEmpty)
            #expect(try await store.allEvents(after: seq, for: alice).isEmpty)

            // A later request (a refresh) is written.
            _ = try await store.recordEnrichment(
                itemID: item.id, userID: alice.id, state: .ready, preview: Self.preview("numbat", askedAt: 3_000)
            )
            #expect(try await store.item(id: item.id, userID: alice.id)?.preview?.title == "numbat")
        }
    }
}
