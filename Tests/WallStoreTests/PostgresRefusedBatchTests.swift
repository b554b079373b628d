import Foundation
import PostgresNIO
import Testing
@testable import WallCore
@testable import WallStore

/// A batch whose rows PostgreSQL refuses as a whole (one share breaking a limit of PostgreSQL's
/// that validation did not foresee) is written again write by write, so the refused share fails
/// alone and its neighbours, other people's shares, are stored.
@Suite("PostgreSQL refused batches", .enabled(if: TestDatabase.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct PostgresRefusedBatchTests {
    /// A share validation would refuse, made directly: its one tag holds a NUL character, which
    /// PostgreSQL refuses to store in text (a data exception, as a row past an index's size is
    /// a program limit: both classes are written again alone).
    private static func poisoned(_ share: ValidShare) -> ValidShare {
        ValidShare(
            shareID: share.shareID, kind: share.kind, url: share.url, canonicalURL: share.canonicalURL,
            text: share.text, title: share.title, note: share.note, wall: share.wall,
            tags: ["a\u{0}b"], sharedAt: share.sharedAt, source: share.source
        )
    }

    private static func queued(_ share: ValidShare, _ user: User) -> PostgresWrite {
        .share(PostgresQueuedShare(share: share, userID: user.id, document: SearchDocument(share: share)))
    }

    private static func writer(_ store: PostgresStore) -> PostgresShareWriter {
        PostgresShareWriter(transactions: store.eventTransactions, clock: { Date() }, followUps: .none, jobSignal: store.jobSignal)
    }

    @Test("New shares beside a refused one are stored, and a change in their batch too")
    func refusedNewShareFailsAlone() async throws {
        try await StoreFactory.postgres.withStore { anyStore in
            let store = try #require(anyStore as? PostgresStore)
            let (alice, bob) = (try await store.newUser(), try await store.newUser())
            let poison = Self.poisoned(try linkShare("https://example.com/refused/poison"))

            let results = try await Self.writer(store).save([
                Self.queued(try linkShare("https://example.com/refused/a"), alice),
                Self.queued(poison, bob),
                Self.queued(try linkShare("https://example.com/refused/b"), bob),
                .change { _, _ in 7 },
            ])

            #expect(results.count == 4)
            #expect(results[0].createdLink == "https://example.com/refused/a")
            #expect(results[2].createdLink == "https://example.com/refused/b")
            #expect(Self.refusedByPostgres(results[1]), "the poisoned share fails: \(results[1])")
            guard case .success(.change(let value)) = results[3] else {
                Issue.record("the change failed: \(results[3])")
                return
            }
            #expect(value as? Int == 7)
            #expect(try await store.allItems(for: alice).compactMap(\.url) == ["https://example.com/refused/a"])
            #expect(try await store.allItems(for: bob).compactMap(\.url) == ["https://example.com/refused/b"])
        }
    }

    @Test("Shares of stored links beside a refused one are merged, after the batch's new shares are stored")
    func refusedMergeFailsAlone() async throws {
        try await StoreFactory.postgres.withStore { anyStore in
            let store = try #require(anyStore as? PostgresStore)
            let alice = try await store.newUser()
            let kept = try await store.save(try linkShare("https://example.com/refused/kept"), for: alice).item
            let hit = try await store.save(try linkShare("https://example.com/refused/hit"), for: alice).item

            // The new-shares call takes each link once (it stores the new one; the first shares
            // of stored links it leaves to the transaction); the second share of `hit`, refused,
            // goes to the transaction only, which PostgreSQL then refuses as a whole.
            let results = try await Self.writer(store).save([
                Self.queued(try linkShare("https://example.com/refused/new"), alice),
                Self.queued(try linkShare("https://example.com/refused/kept", note: "again"), alice),
                Self.queued(try linkShare("https://example.com/refused/hit"), alice),
                Self.queued(Self.poisoned(try linkShare("https://example.com/refused/hit")), alice),
            ])

            #expect(results.count == 4)
            #expect(results[0].createdLink == "https://example.com/refused/new")
            guard case .success(.share(let merged)) = results[1], case .success(.share(let moved)) = results[2] else {
                Issue.record("the stored links' shares failed: \(results[1]), \(results[2])")
                return
            }
            #expect(merged.kind == .duplicate && merged.item.id == kept.id && merged.item.userNote == "again")
            #expect(moved.kind == .duplicate && moved.item.id == hit.id)
            #expect(Self.refusedByPostgres(results[3]), "the poisoned share fails: \(results[3])")
            let items = try await store.allItems(for: alice)
            #expect(items.first { $0.id == hit.id }?.tags == [], "the refused tag is not stored")
            #expect(items.first { $0.id == kept.id }?.userNote == "again")
            #expect(items.count == 3)
        }
    }

    @Test("Only PostgreSQL refusing rows is worth writing each alone")
    func whichErrorsAreRetried() {
        #expect(!PostgresShareWriter.refusedRows(StoreStopped()))
        #expect(!PostgresShareWriter.refusedRows(StoreError.notFound("wall")))
    }

    /// Whether `result` failed with PostgreSQL refusing the NUL character.
    /// Whether PostgreSQL refused the write as a data exception (class 22): the NUL in a tag,
    /// read from the share statement's JSON (22P05) or from text (22021).
    private static func refusedByPostgres(_ result: Result<PostgresWriteResult, any Error>) -> Bool {
        guard case .failure(let error as PSQLError) = result, let state = error.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("22")
    }
}

extension Result where Success == PostgresWriteResult {
    /// The link of the item a share created, nil for any other answer.
    fileprivate var createdLink: String? {
        guard case .success(.share(let outcome)) = self, outcome.kind == .created else { return nil }
        return outcome.item.url
    }
}
