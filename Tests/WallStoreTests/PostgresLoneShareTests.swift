import Foundation
import PostgresNIO
import Testing
import WallCore
@testable import WallStore

/// A batch's only share on PostgreSQL: one statement when it is a new item on its person's own
/// wall (`PostgresLoneShare`), the batch path for everything else.
@Suite("PostgreSQL lone shares", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresLoneShareTests {
    @Test("The one statement writes a new item on the person's own wall, and nothing in every other case")
    func writesOnlyPlainlyNewItems() async throws {
        try await withPostgresReplicas(1) { replicas, database in
            let store = try #require(replicas[0] as? PostgresStore)
            let alice = try await store.newUser("alice")
            let bob = try await store.newUser("bob")
            let reading = try await store.newWall("Reading", slug: "reading", for: alice)
            let trip = try await store.newWall("Trip", for: alice)
            _ = try await store.setMember(wallID: trip.id, username: "bob", role: .contributor, userID: alice.id)
            let storedID = UUID()
            let stored = try await store.save(try linkShare("https://example.com/stored", id: storedID), for: alice).item
            let policy = FollowUpPolicy([.url: [.enrich]])
            @Sendable func lone(_ share: ValidShare, _ user: User) async throws -> PostgresLoneShareResult? {
                try await store.eventTransactions.run(writePlans: true, prefetch: { _ in () }) { connection, _, _ in
                    let job = PostgresQueuedShare(share: share, userID: user.id, document: SearchDocument(share: share))
                    let lone = PostgresLoneShare(connection: connection, followUps: policy, origin: UUID(), logger: store.logger)
                    return try await lone.create(job, now: Date().roundedToMillis).map {
                        PostgresLoneShareResult(item: $0.item, seq: $0.seq)
                    }
                }
            }
            func count(_ table: String) async throws -> Int64 {
                let rows = try await database.client.query("SELECT count(*) FROM \(unescaped: table)", logger: database.logger)
                return try await rows.first()?.decode(Int64.self) ?? -1
            }

            let before = try await store.lastSeq(for: alice)
            let made = try #require(try await lone(try linkShare("https://example.com/new", note: "first"), alice))
            #expect(made.item.wallId == stored.wallId && made.item.userNote == "first" && made.item.state == .pending)
            #expect(made.seq > before)
            let logged = try await store.allEvents(after: before, for: alice)
            #expect(logged.map(\.seq) == [made.seq] && logged.first?.type == .created && logged.first?.itemId == made.item.id)
            #expect(try await store.allItems(for: alice).first?.id == made.item.id, "its sort key is its event's seq")
            let jobs = try await database.client.query(
                "SELECT count(*) FROM jobs WHERE item_id = \(made.item.id) AND kind = 'enrich'", logger: database.logger
            )
            #expect(try await jobs.first()?.decode(Int64.self) == 1)
            #expect(try await store.search("first", for: alice) == [made.item.id])

            let bySlug = try #require(try await lone(try linkShare("https://example.com/slug", wall: "Reading"), alice))
            #expect(bySlug.item.wallId == reading.id)
            let text = try #require(try await lone(try textShare("Words", wall: reading.id.uuidString), alice))
            #expect(text.item.wallId == reading.id && text.item.kind == .text)

            let counts = (try await count("items"), try await count("share_receipts"), try await count("events"))
            let declined: [(String, ValidShare, User)] = [
                ("a replay", try linkShare("https://example.com/stored", id: storedID), alice),
                ("its id with other content", try linkShare("https://example.com/other", id: storedID), alice),
                ("a link on the wall", try linkShare("https://example.com/stored"), alice),
                ("an unknown wall", try linkShare("https://example.com/lost", wall: "no-such-wall"), alice),
                ("a shared wall of the owner", try linkShare("https://example.com/a", wall: trip.id.uuidString), alice),
                ("a member's share", try linkShare("https://example.com/b", wall: trip.id.uuidString), bob),
            ]
            for (what, share, user) in declined {
                #expect(try await lone(share, user) == nil, "\(what)")
            }
            #expect(try await count("items") == counts.0)
            #expect(try await count("share_receipts") == counts.1)
            #expect(try await count("events") == counts.2)
        }
    }

    @Test("Lone shares of every outcome, each a batch of its own, are answered as the batch path answers them, and each feed gets each event once, in order",
          .timeLimit(.minutes(2)))
    func everyOutcomeAlone() async throws {
        try await WriterScene.run { scene in
            let (alice, bob, trip, writer) = (scene.alice, scene.bob, scene.trip, scene.writer)
            func alone(_ share: ValidShare, _ user: User) async throws -> Result<ShareOutcome, StoreError> {
                let results = try await writer.save([
                    .share(PostgresQueuedShare(share: share, userID: user.id, document: SearchDocument(share: share)))
                ])
                switch try #require(results.first) {
                case .success(.share(let outcome)): return .success(outcome)
                case .failure(let error as StoreError): return .failure(error)
                case let other: return .failure(.conflict("unexpected \(other)"))
                }
            }

            let newID = UUID()
            let created = try await alone(try linkShare("https://example.com/new", id: newID), alice).get()
            #expect(created.kind == .created)
            let again = try await alone(try linkShare("https://example.com/new"), alice).get()
            #expect(again.kind == .duplicate && again.item.id == created.item.id)
            let storedAgain = try await alone(try linkShare("https://example.com/stored", note: "again"), alice).get()
            #expect(storedAgain.kind == .duplicate && storedAgain.item.id == scene.stored.id && storedAgain.item.userNote == "again")
            let replay = try await alone(try linkShare("https://example.com/new", id: newID), alice).get()
            #expect(replay.kind == .replayed(duplicate: false) && replay.item.id == created.item.id)
            let conflict = try await alone(try linkShare("https://example.com/other", id: scene.storedID), alice)
            guard case .failure(let refusal) = conflict, refusal.isConflict else {
                Issue.record("its id with other content was not refused: \(conflict)")
                return
            }
            let lost = try await alone(try linkShare("https://example.com/lost", wall: "no-such-wall"), alice)
            guard case .failure(.notFound("wall")) = lost else {
                Issue.record("a share to an unknown wall was not refused: \(lost)")
                return
            }
            let onTrip = try await alone(try linkShare("https://example.com/trip", wall: trip.id.uuidString), bob).get()
            #expect(onTrip.kind == .created && onTrip.item.wallId == trip.id && onTrip.item.addedBy == "bob")

            // Events: the new item, its duplicate, the stored item's move, and the card on Trip.
            try await scene.expectFeedsDeliverAliceEvents(count: 4)
            #expect(try await scene.aliceLinks()
                == ["https://example.com/new", "https://example.com/stored", "https://example.com/trip"])
        }
    }
}

/// What `PostgresLoneShare.create` returned, comparable in expectations.
struct PostgresLoneShareResult: Sendable, Equatable {
    var item: Item
    var seq: Int64
}
