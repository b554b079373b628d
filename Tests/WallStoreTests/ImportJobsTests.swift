import Foundation
import Testing
import WallCore
import WallStore

/// An import's link previews on both stores: queued with the items at bulk priority, behind
/// anything a person shares meanwhile, and not at all when the import skips enrichment.
@Suite("Import follow-up jobs")
struct ImportJobsTests {
    static let enrichLinks = FollowUpPolicy([.url: [.enrich], .image: [.thumbnail]])

    static func entries(_ count: Int, site: String = "import.example") throws -> [ValidImport] {
        try (0..<count).map { index in
            let url = "https://\(site)/\(index)"
            return try ImportEntry(
                id: ImportEntry.derivedID(kind: .url, url: url, text: nil, wall: nil), contentType: .url, url: url
            ).validated()
        }
    }

    @Test("An import queues one bulk job per new link in its transaction; texts, repeats and duplicates queue none",
          arguments: JobStoreFactory.all)
    func importQueuesBulkJobs(_ factory: JobStoreFactory) async throws {
        try await factory.withStore(followUps: Self.enrichLinks) { opened, _ in
            let store = opened.store
            let alice = try await store.newUser()
            let known = try await store.save(linkShare("https://import.example/1", source: .web), for: alice).item
            let text = try ImportEntry(id: UUID(), contentType: .text, text: "A passage").validated()
            let batch = try Self.entries(3) + [text]

            let outcomes = try await store.importItems(batch, userID: alice.id, enrich: true)
            let imported = outcomes.compactMap { outcome -> Item? in
                if case .imported(let item) = outcome { return item } else { return nil }
            }
            #expect(imported.map(\.kind) == [.url, .url, .text], "the link already on the wall is a duplicate")
            #expect(imported.map(\.state) == [.pending, .pending, .ready])

            let jobs = try await store.jobs.all().filter { $0.itemID != known.id }
            #expect(Set(jobs.compactMap(\.itemID)) == Set(imported.prefix(2).map(\.id)))
            #expect(jobs.allSatisfy { $0.kind == .enrich && $0.priority == .bulk && $0.userID == alice.id && $0.state == .queued })
            let stored = try await store.item(id: imported[0].id, userID: alice.id)
            #expect(stored?.state == .pending)

            // The same import again adds no item and no job.
            let before = try await store.jobs.all().count
            _ = try await store.importItems(batch, userID: alice.id, enrich: true)
            #expect(try await store.jobs.all().count == before)
        }
    }

    @Test("A share made after a big import is claimed before every imported link", arguments: JobStoreFactory.all)
    func interactiveShareGoesFirst(_ factory: JobStoreFactory) async throws {
        try await factory.withStore(followUps: Self.enrichLinks) { opened, _ in
            let store = opened.store
            let alice = try await store.newUser()
            let batch = try Self.entries(Limits.maxImportBatchEntries)
            _ = try await store.importItems(batch, userID: alice.id, enrich: true)
            #expect(try await store.jobs.all().count == batch.count)

            let shared = try await store.save(linkShare("https://now.example/"), for: alice).item
            let first = try await store.jobs.claim(limit: 1)
            #expect(first.map(\.itemID) == [shared.id])
            #expect(first.first?.priority == .interactive)
            // Then the import's jobs, oldest first.
            let next = try await store.jobs.claim(owner: "worker-b", limit: 1)
            #expect(next.first?.priority == .bulk)
        }
    }

    @Test("An import that skips enrichment queues nothing and its links are ready", arguments: JobStoreFactory.all)
    func noEnrichQueuesNothing(_ factory: JobStoreFactory) async throws {
        try await factory.withStore(followUps: Self.enrichLinks) { opened, _ in
            let store = opened.store
            let alice = try await store.newUser()
            let outcomes = try await store.importItems(try Self.entries(20), userID: alice.id, enrich: false)
            #expect(outcomes.count == 20)
            for outcome in outcomes {
                guard case .imported(let item) = outcome else {
                    Issue.record("expected a new item, got \(outcome)")
                    continue
                }
                #expect(item.state == .ready)
            }
            #expect(try await store.jobs.all().isEmpty)
            let items = try await store.allItems(for: alice)
            #expect(items.count == 20)
            #expect(items.allSatisfy { $0.state == .ready })
        }
    }
}
