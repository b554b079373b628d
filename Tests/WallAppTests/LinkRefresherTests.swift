import Foundation
import Logging
import Testing
import WallApp
import WallCore
import WallStore

/// The refresh use case without HTTP, on a real SQLite file: what it writes, what it queues, and
/// what it refuses without changing anything.
@Suite struct LinkRefresherTests {
    @Test("A refresh puts a link back to pending and queues one interactive enrich job for it")
    func refreshQueuesOneJob() async throws {
        try await withStore { store in
            let user = try await store.createUser(username: "alice", passwordHash: "not-a-hash")
            let link = try await save(.url, for: user, in: store)
            let refreshed = try await LinkRefresher(store: store, linkPreviews: true).refresh(itemID: link.id, userID: user.id)
            #expect(refreshed.id == link.id)
            #expect(refreshed.state == .pending)
            #expect(try await store.item(id: link.id, userID: user.id)?.state == .pending)
            let jobs = try await store.jobs.jobs(state: .queued, limit: 10)
            #expect(jobs.map(\.kind) == [.enrich])
            #expect(jobs.first?.itemID == link.id)
            #expect(jobs.first?.userID == user.id)
            #expect(jobs.first?.priority == .interactive)
        }
    }

    @Test("Asking again while the link is pending queues nothing more")
    func repeatedRefreshesQueueOnce() async throws {
        try await withStore { store in
            let user = try await store.createUser(username: "alice", passwordHash: "not-a-hash")
            let link = try await save(.url, for: user, in: store)
            let refresher = LinkRefresher(store: store, linkPreviews: true)
            for _ in 0..<5 { _ = try await refresher.refresh(itemID: link.id, userID: user.id) }
            #expect(try await store.jobs.jobs(state: .queued, limit: 10).count == 1)
        }
    }

    @Test("Someone else's item, a passage, and a server without previews are refused, and nothing is queued")
    func refusalsChangeNothing() async throws {
        try await withStore { store in
            let alice = try await store.createUser(username: "alice", passwordHash: "not-a-hash")
            let bob = try await store.createUser(username: "bob", passwordHash: "not-a-hash")
            let link = try await save(.url, for: alice, in: store)
            let passage = try await save(.text, for: alice, in: store)
            let refresher = LinkRefresher(store: store, linkPreviews: true)
            await #expect(throws: RefreshRefusal.notFound) { try await refresher.refresh(itemID: link.id, userID: bob.id) }
            await #expect(throws: RefreshRefusal.notFound) { try await refresher.refresh(itemID: UUID(), userID: alice.id) }
            await #expect(throws: RefreshRefusal.notALink(.text)) {
                try await refresher.refresh(itemID: passage.id, userID: alice.id)
            }
            await #expect(throws: RefreshRefusal.noLinkPreviews) {
                try await LinkRefresher(store: store, linkPreviews: false).refresh(itemID: link.id, userID: alice.id)
            }
            #expect(try await store.jobs.jobs(state: .queued, limit: 10).isEmpty)
            #expect(try await store.item(id: link.id, userID: alice.id)?.state == link.state)
        }
    }

    @Test("An editor refreshes a card on a wall shared with them, as its owner's; a viewer is refused and nothing is queued")
    func membersRefreshAsTheirRoleAllows() async throws {
        try await withStore { store in
            let alice = try await store.createUser(username: "alice", passwordHash: "not-a-hash")
            let bob = try await store.createUser(username: "bob", passwordHash: "not-a-hash")
            let carol = try await store.createUser(username: "carol", passwordHash: "not-a-hash")
            let link = try await save(.url, for: alice, in: store)
            _ = try await store.setMember(wallID: link.wallId, username: "bob", role: .editor, userID: alice.id)
            _ = try await store.setMember(wallID: link.wallId, username: "carol", role: .viewer, userID: alice.id)
            let refresher = LinkRefresher(store: store, linkPreviews: true)

            await #expect(throws: StoreError.self) { try await refresher.refresh(itemID: link.id, userID: carol.id) }
            #expect(try await store.jobs.jobs(state: .queued, limit: 10).isEmpty)
            #expect(try await store.item(id: link.id, userID: alice.id)?.state == link.state)

            let refreshed = try await refresher.refresh(itemID: link.id, userID: bob.id)
            #expect(refreshed.state == .pending)
            #expect(try await store.item(id: link.id, userID: alice.id)?.state == .pending)
            let jobs = try await store.jobs.jobs(state: .queued, limit: 10)
            #expect(jobs.map(\.userID) == [alice.id], "the job runs as the wall's owner, under whom the card is kept")
        }
    }

    private func save(_ kind: ItemKind, for user: User, in store: any WallStore) async throws -> Item {
        let request = kind == .url
            ? ShareRequest(id: UUID(), contentType: .url, url: "https://example.com/\(UUID().uuidString)", source: .cli)
            : ShareRequest(id: UUID(), contentType: .text, text: "A passage worth keeping.", source: .cli)
        return try await store.saveShare(try request.validated(), userID: user.id).item
    }
}
