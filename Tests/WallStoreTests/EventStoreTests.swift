import Foundation
import Testing
import WallCore
import WallStore

/// The event log (`events(after:)`) and the live `feed`.
@Suite("Events")
struct EventStoreTests {
    // MARK: The log

    @Test("The log holds created, updated and deleted events in order, with items as they are now", arguments: StoreFactory.all)
    func logInOrder(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let kept = try await store.save(linkShare("https://example.com/kept", title: "v1"), for: alice).item
            let gone = try await store.save(linkShare("https://example.com/gone"), for: alice).item
            try await store.update(kept.id, ItemPatch(title: .set("v2")), for: alice)
            #expect(try await store.deleteItem(id: gone.id, userID: alice.id))
            try await store.save(linkShare("https://example.com/kept/", note: "again"), for: alice)
            let now = try #require(try await store.item(id: kept.id, userID: alice.id))

            let events = try await store.allEvents(for: alice)

            // The deleted item's earlier events are gone with it: only its deletion is left to tell.
            #expect(events.map(\.type) == [.created, .updated, .deleted, .updated])
            #expect(events.map(\.itemId) == [kept.id, kept.id, gone.id, kept.id])
            #expect(events.map(\.seq) == events.map(\.seq).sorted())
            #expect(Set(events.map(\.seq)).count == events.count)
            #expect(events.allSatisfy { $0.seq > 0 })
            #expect(events[2].item == nil)
            for event in events where event.type != .deleted {
                #expect(event.item == now)
            }
            #expect(now.title == "v2")
            #expect(now.userNote == "again")
        }
    }

    @Test("Resuming after a sequence number returns only later events", arguments: StoreFactory.all)
    func resumeAfterSeq(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            var ids: [UUID] = []
            for number in 1...5 {
                ids.append(try await store.save(linkShare("https://example.com/\(number)"), for: alice).item.id)
            }
            let all = try await store.allEvents(for: alice)
            #expect(all.map(\.itemId) == ids)

            let later = try await store.allEvents(after: all[1].seq, for: alice)
            #expect(later == Array(all.dropFirst(2)))
            #expect(try await store.allEvents(after: all[4].seq, for: alice).isEmpty)

            let limited = try await store.events(after: all[0].seq, userID: alice.id, limit: 2)
            #expect(limited == Array(all[1...2]))

            let newer = try await store.save(linkShare("https://example.com/6"), for: alice).item
            let tail = try await store.allEvents(after: all[4].seq, for: alice)
            #expect(tail.map(\.itemId) == [newer.id])
            #expect(tail.map(\.type) == [.created])
        }
    }

    @Test("Reading the log page by page never stops short of later events", arguments: StoreFactory.all)
    func pagedLogReachesTheEnd(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let gone = try await store.save(linkShare("https://example.com/gone"), for: alice).item
            try await store.update(gone.id, ItemPatch(title: .set("one")), for: alice)
            try await store.update(gone.id, ItemPatch(title: .set("two")), for: alice)
            #expect(try await store.deleteItem(id: gone.id, userID: alice.id))
            let kept = try await store.save(linkShare("https://example.com/kept"), for: alice).item

            // A client catching up reads pages until one comes back empty.
            var seen: [ItemEvent] = []
            var after: Int64 = 0
            while true {
                let page = try await store.events(after: after, userID: alice.id, limit: 2)
                #expect(page.count <= 2)
                guard let last = page.last else { break }
                seen += page
                after = last.seq
            }

            #expect(seen.map(\.type) == [.deleted, .created])
            #expect(seen.map(\.itemId) == [gone.id, kept.id])
            #expect(seen == (try await store.allEvents(for: alice)))
        }
    }

    @Test("A user's log holds only their own events", arguments: StoreFactory.all)
    func logIsPerUser(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let alices = try await store.save(linkShare("https://example.com/a"), for: alice).item
            let bobs = try await store.save(linkShare("https://example.com/a"), for: bob).item
            try await store.update(bobs.id, ItemPatch(title: .set("Bob's")), for: bob)
            _ = try await store.deleteItem(id: bobs.id, userID: bob.id)

            let aliceEvents = try await store.allEvents(for: alice)
            #expect(aliceEvents.map(\.itemId) == [alices.id])
            #expect(aliceEvents.map(\.type) == [.created])
            #expect(try await store.allEvents(for: bob).map(\.itemId) == [bobs.id])
            #expect(try await store.allEvents(for: bob).map(\.type) == [.deleted])
        }
    }

    @Test("Sequence numbers also order the wall: a repeated link goes to the top", arguments: StoreFactory.all)
    func seqOrdersTheWall(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let first = try await store.save(linkShare("https://example.com/1"), for: alice).item
            let second = try await store.save(linkShare("https://example.com/2"), for: alice).item
            let third = try await store.save(linkShare("https://example.com/3"), for: alice).item
            try await store.save(linkShare("https://example.com/1?utm_campaign=x"), for: alice)

            #expect(try await store.itemIDs(for: alice) == [first.id, third.id, second.id])
            let last = try #require(try await store.allEvents(for: alice).last)
            #expect(last.type == .updated)
            #expect(last.itemId == first.id)
        }
    }

    // MARK: The live feed

    @Test("The feed delivers a subscriber's events after they commit", .timeLimit(.minutes(5)), arguments: StoreFactory.all)
    func feedDeliversLiveEvents(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            var events = store.feed.subscribe(userID: alice.id).makeAsyncIterator()

            let created = try await store.save(linkShare("https://example.com/live", title: "Live"), for: alice).item
            let updated = try await store.update(created.id, ItemPatch(title: .set("Edited")), for: alice)
            #expect(try await store.deleteItem(id: created.id, userID: alice.id))

            let logged = try await store.allEvents(for: alice)
            let first = try #require(await events.next())
            let second = try #require(await events.next())
            let third = try #require(await events.next())
            #expect(first.type == .created)
            #expect(first.item == created)
            #expect(second.type == .updated)
            #expect(second.item == updated)
            #expect(third.type == .deleted)
            #expect(third.itemId == created.id)
            #expect(third.item == nil)
            #expect([first.seq, second.seq, third.seq] == [first.seq, second.seq, third.seq].sorted())
            #expect(logged.last?.seq == third.seq)
        }
    }

    @Test("The feed does not deliver other users' events", .timeLimit(.minutes(5)), arguments: StoreFactory.all)
    func feedIsPerUser(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            var alicesEvents = store.feed.subscribe(userID: alice.id).makeAsyncIterator()
            var bobsEvents = store.feed.subscribe(userID: bob.id).makeAsyncIterator()

            let bobs = try await store.save(linkShare("https://example.com/b"), for: bob).item
            let alices = try await store.save(linkShare("https://example.com/a"), for: alice).item

            // Had Bob's event reached Alice, it would come first.
            #expect(try #require(await alicesEvents.next()).itemId == alices.id)
            #expect(try #require(await bobsEvents.next()).itemId == bobs.id)
        }
    }

    @Test("The feed delivers batched shares in commit order", .timeLimit(.minutes(5)), arguments: StoreFactory.all)
    func feedDeliversConcurrentShares(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let stream = store.feed.subscribe(userID: alice.id)

            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 1...40 {
                    group.addTask { try await store.save(linkShare("https://example.com/\(number)"), for: alice) }
                }
                try await group.waitForAll()
            }

            var delivered: [ItemEvent] = []
            for await event in stream {
                delivered.append(event)
                if delivered.count == 40 { break }
            }
            #expect(delivered == (try await store.allEvents(for: alice)))
        }
    }
}
