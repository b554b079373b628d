import Foundation
import GRDB
import Testing
@testable import WallStore

/// The SQLite store's writer fsyncs every commit (`synchronous = FULL`), the setting its
/// durability promise rests on: GRDB's pool turns it down to NORMAL when it enables WAL.
@Suite struct SQLiteDurabilitySettingTests {
    @Test("The writer connection commits with synchronous = FULL")
    func writerIsFull() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(path: folder.appendingPathComponent("wall.sqlite").path)
        let level = try await store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(level == 2, "2 is FULL; 1 (NORMAL) syncs the WAL only at checkpoints")
        let batched = try await store.shareQueue.write { db, _ in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(batched == 2)
    }
}
