import Foundation
import GRDB
import Testing
import WallCore
import WallStore

/// The SQLite store indexes items for search in bulk, after the save: searches still find
/// everything saved before them, and the external-content FTS5 index never drifts from the
/// items, whatever order edits, moves, deletes and indexing come in.
@Suite struct SQLiteSearchIndexTests {
    /// A fresh SQLite store in a temporary folder, and the path of its file.
    static func withStore(_ body: (SQLiteStore, String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-fts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("wall.sqlite").path
        try await body(try SQLiteStore(path: path), path)
    }

    /// Runs FTS5's own consistency check of the index against the items table, on a connection
    /// of its own that waits its turn: the store's background indexer may be writing.
    static func integrityCheck(_ path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO items_fts(items_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    static func search(_ store: SQLiteStore, _ text: String, _ user: User) async throws -> [Item] {
        try await store.items(matching: ItemQuery(search: try SearchExpression(parsing: text), limit: 200), userID: user.id).items
    }

    @Test func aSearchFindsWhatWasSavedJustBefore() async throws {
        try await Self.withStore { store, path in
            let user = try await store.newUser()
            for index in 0..<50 {
                try await store.save(try linkShare("https://example.com/\(index)", title: "Marmalade \(index)"), for: user)
            }
            #expect(try await Self.search(store, "marmalade", user).count == 50)
            try Self.integrityCheck(path)
        }
    }

    @Test func editsMovesAndDeletesInAnyOrderKeepTheIndexExact() async throws {
        try await Self.withStore { store, path in
            let user = try await store.newUser()
            let other = try await store.newWall("Other", for: user)
            var ids: [UUID] = []
            for index in 0..<40 {
                let outcome = try await store.save(
                    try linkShare("https://example.com/p/\(index)", title: "Quince \(index)", tags: ["fruit"]), for: user
                )
                ids.append(outcome.item.id)
                // Every few saves, search (which indexes what is queued) so that edits below hit
                // both indexed and still-queued rows.
                if index % 7 == 0 { _ = try await Self.search(store, "quince", user) }
            }
            for (index, id) in ids.enumerated() {
                switch index % 5 {
                case 0: try await store.update(id, ItemPatch(title: .set("Medlar \(index)")), for: user)
                case 1: try await store.update(id, ItemPatch(userNote: .set("note about damsons")), for: user)
                case 2: _ = try await store.deleteItem(id: id, userID: user.id)
                case 3: try await store.update(id, ItemPatch(wall: .set(other.slug)), for: user)
                default: try await store.update(id, ItemPatch(title: .clear, tags: .set(["stone fruit"])), for: user)
                }
                if index % 9 == 0 { _ = try await Self.search(store, "quince", user) }
            }
            // Same link shared again: moved to the top and re-indexed with the merged note.
            try await store.save(try linkShare("https://example.com/p/1", note: "greengage"), for: user)

            let quince = try await Self.search(store, "quince", user)
            #expect(Set(quince.map(\.id)) == Set(ids.enumerated().filter { [1, 3].contains($0.offset % 5) }.map(\.element)))
            #expect(try await Self.search(store, "medlar", user).count == 8)
            #expect(try await Self.search(store, "damsons", user).count == 8)
            #expect(try await Self.search(store, "greengage", user).map(\.id) == [ids[1]])
            #expect(try await Self.search(store, "\"stone fruit\"", user).count == 8)
            try Self.integrityCheck(path)
        }
    }

    @Test func theBackgroundIndexerEmptiesTheQueueWithoutASearch() async throws {
        try await Self.withStore { store, path in
            let user = try await store.newUser()
            for index in 0..<30 {
                try await store.save(try linkShare("https://example.com/q/\(index)", title: "Loquat"), for: user)
            }
            let queue = try DatabaseQueue(path: path)
            // The indexer runs about 100 ms after the last save; wait for it (bounded), no search.
            let deadline = ContinuousClock.now + .seconds(10)
            var queued = -1
            while ContinuousClock.now < deadline {
                queued = try await queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM fts_pending") ?? -1 }
                if queued == 0 { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(queued == 0)
            try Self.integrityCheck(path)
        }
    }
}
