import Foundation
import Testing
import WallCore
import WallStore

/// A share carrying a page snapshot: its item gets an `enrich` job naming the snapshot's blob
/// (even where the store's policy names no job for links: link previews off), the blob counts
/// as referenced while that job waits; a repeated share id enqueues nothing more, and the same
/// link with a new snapshot is read again.
@Suite("Page snapshot jobs")
struct PageSnapshotJobStoreTests {
    static let blob = String(repeating: "ab", count: 32)

    static func snapshotShare(_ url: String, id: UUID = UUID()) throws -> ValidShare {
        var share = try ShareRequest(
            id: id, contentType: .url, url: url, source: .browserExtension, page: PageSnapshot(html: "<p>seen</p>")
        ).validated()
        share.enrichPayload = EnrichPayload(pageSnapshot: blob).encoded
        return share
    }

    @Test("A snapshot share's item waits for an enrich job naming its snapshot", arguments: StoreFactory.all)
    func snapshotShareEnqueuesEnrich(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            #expect(!(try await store.referencedBlobHashes().contains(Self.blob)))
            let share = try Self.snapshotShare("https://example.com/seen")

            let outcome = try await store.save(share, for: alice)

            #expect(outcome.item.state == .pending)
            let jobs = try await store.jobs.jobs(state: .queued, limit: 10)
            #expect(jobs.map(\.kind) == [.enrich])
            #expect(jobs.first?.itemID == outcome.item.id)
            #expect(EnrichPayload(stored: jobs.first?.payload)?.pageSnapshot == Self.blob)
            #expect(try await store.referencedBlobHashes().contains(Self.blob), "the sweeper keeps a waiting snapshot")

            // The same share again, or the same link without a snapshot: no second job.
            _ = try await store.save(share, for: alice)
            _ = try await store.save(try linkShare("https://example.com/seen"), for: alice)
            #expect(try await store.jobs.jobs(state: .queued, limit: 10).count == 1)
            // The same link with a new snapshot: read again, the card waiting for it.
            let again = try await store.save(try Self.snapshotShare("https://example.com/seen"), for: alice)
            #expect(again.kind == .duplicate)
            #expect(again.item.id == outcome.item.id)
            #expect(again.item.state == .pending)
            let queued = try await store.jobs.jobs(state: .queued, limit: 10)
            #expect(queued.map(\.kind) == [.enrich, .enrich])
            #expect(queued.allSatisfy { $0.itemID == outcome.item.id && EnrichPayload(stored: $0.payload) != nil })

            // Once the item is gone, so is its job, and the blob is free to sweep.
            #expect(try await store.deleteItem(id: outcome.item.id, userID: alice.id))
            #expect(!(try await store.referencedBlobHashes().contains(Self.blob)))
        }
    }

    @Test("A share without a snapshot gets no job where the policy names none", arguments: StoreFactory.all)
    func plainShareHasNoJob(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let outcome = try await store.save(try linkShare("https://example.com/plain"), for: alice)
            #expect(outcome.item.state == .ready)
            #expect(try await store.jobs.jobs(state: nil, limit: 10).isEmpty)
        }
    }

    @Test("Lookup finds the user's items by canonical link, on every wall, and nobody else's", arguments: StoreFactory.all)
    func lookupByCanonicalLink(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let share = try linkShare("https://example.com/found?utm_medium=x")
            let saved = try await store.save(share, for: alice)
            _ = try await store.save(try linkShare("https://example.com/found"), for: bob)
            let canonical = try #require(share.canonicalURL)

            #expect(try await store.items(canonicalURL: canonical, userID: alice.id).map(\.id) == [saved.item.id])
            #expect(try await store.items(canonicalURL: canonical, userID: bob.id).count == 1)
            #expect(try await store.items(canonicalURL: "https://example.com/other", userID: alice.id).isEmpty)
        }
    }
}
