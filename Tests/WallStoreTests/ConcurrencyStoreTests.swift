import Foundation
import Testing
import WallCore
import WallStore

/// Many writers at once: every share is stored exactly once, whatever the interleaving.
@Suite("Concurrency")
struct ConcurrencyStoreTests {
    @Test("200 concurrent shares of different links are all stored, each once", arguments: StoreFactory.all)
    func concurrentDistinctShares(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let shares = try (1...200).map { try linkShare("https://example.com/article/\($0)") }

            let outcomes = try await withThrowingTaskGroup(of: ShareOutcome.self) { group in
                for share in shares { group.addTask { try await store.save(share, for: alice) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            #expect(outcomes.count == 200)
            #expect(outcomes.allSatisfy { $0.kind == .created })
            let listed = try await store.allItems(for: alice)
            #expect(listed.count == 200)
            #expect(Set(listed.map(\.id)) == Set(outcomes.map(\.item.id)))
            #expect(Set(listed.compactMap(\.url)) == Set(shares.compactMap(\.url)))
            #expect(try await store.wall(ref: "inbox", userID: alice.id)?.itemCount == 200)
            #expect(try await store.allEvents(for: alice).count == 200)
        }
    }

    @Test("50 concurrent shares of the same link make one item", arguments: StoreFactory.all)
    func concurrentSameLink(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let shares = try (1...50).map { try linkShare("https://example.com/hot?utm_source=\($0)", tags: ["t\($0)"]) }

            let answers = try await withThrowingTaskGroup(of: (ValidShare, ShareOutcome).self) { group in
                for share in shares { group.addTask { (share, try await store.save(share, for: alice)) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let outcomes = answers.map(\.1)

            #expect(outcomes.filter { $0.kind == .created }.count == 1)
            #expect(outcomes.filter { $0.kind == .duplicate }.count == 49)
            #expect(Set(outcomes.map(\.item.id)).count == 1)
            let listed = try await store.allItems(for: alice)
            #expect(listed.count == 1)
            let tags = try #require(listed.first?.tags)
            #expect(tags.count == Limits.maxTags)
            #expect(Set(tags).isSubset(of: shares.flatMap(\.tags)))

            // Every share id remembers how it was taken.
            for (share, outcome) in answers {
                let replay = try await store.save(share, for: alice)
                #expect(replay.kind == .replayed(duplicate: outcome.kind == .duplicate))
                #expect(replay.item.id == outcome.item.id)
            }
        }
    }

    @Test("50 concurrent sends of the same share id make one item", arguments: StoreFactory.all)
    func concurrentSameShareID(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let share = try linkShare("https://example.com/once", note: "only once")

            let outcomes = try await withThrowingTaskGroup(of: ShareOutcome.self) { group in
                for _ in 1...50 { group.addTask { try await store.save(share, for: alice) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            #expect(outcomes.filter { $0.kind == .created }.count == 1)
            #expect(outcomes.filter { $0.kind == .replayed(duplicate: false) }.count == 49)
            #expect(Set(outcomes.map(\.item.id)).count == 1)
            #expect(try await store.allItems(for: alice).count == 1)
            #expect(try await store.allItems(for: alice).first?.userNote == "only once")
            #expect(try await store.allEvents(for: alice).count == 1)
        }
    }

    @Test("Concurrent shares of several users stay apart", arguments: StoreFactory.all)
    func concurrentUsers(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            var users: [User] = []
            for _ in 1...4 { users.append(try await store.newUser()) }
            let id = UUID()
            let jobs = users.flatMap { user in (1...10).map { (user, $0) } }

            try await withThrowingTaskGroup(of: Void.self) { group in
                for (user, number) in jobs {
                    group.addTask {
                        try await store.save(linkShare("https://example.com/\(number)"), for: user)
                        try await store.save(linkShare("https://example.com/common", id: id), for: user)
                    }
                }
                try await group.waitForAll()
            }

            var seen = Set<UUID>()
            for user in users {
                let ids = try await store.itemIDs(for: user)
                #expect(ids.count == 11)
                #expect(seen.isDisjoint(with: ids))
                seen.formUnion(ids)
            }
        }
    }

    @Test("Concurrent sign-ups with one name make one user", arguments: StoreFactory.all)
    func concurrentSignUps(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let names = (1...20).map { $0.isMultiple(of: 2) ? "Carol" : "carol" }

            let results = await withTaskGroup(of: Result<User, StoreError>.self) { group in
                for name in names {
                    group.addTask {
                        do {
                            return .success(try await store.createUser(username: name, passwordHash: "h"))
                        } catch let error as StoreError {
                            return .failure(error)
                        } catch {
                            return .failure(.conflict("unexpected \(error)"))
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }

            let created = results.compactMap { try? $0.get() }
            #expect(created.count == 1)
            #expect(results.filter { $0 == .failure(.usernameTaken) }.count == 19)
            #expect(try await store.userCount() == 1)
            let user = try #require(created.first)
            #expect(try await store.walls(userID: user.id).count == 1)
        }
    }

    @Test("Concurrently made walls with one name get distinct slugs", arguments: StoreFactory.all)
    func concurrentWalls(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()

            let walls = try await withThrowingTaskGroup(of: Wall.self) { group in
                for _ in 1...10 { group.addTask { try await store.newWall("Reading List", for: alice) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            let expected: Set<String> = Set(["reading-list"] + (2...10).map { "reading-list-\($0)" })
            #expect(Set(walls.map(\.slug)) == expected)
            #expect(try await store.walls(userID: alice.id).count == 11)
        }
    }
}
