import Foundation
import GRDB
import Testing
import WallCore
@testable import WallStore

/// A heavy user's history, simulated day by day on a real SQLite file with an injected clock:
/// 50 shares a day (links and passages), 10 edits and 5 deletions. Pruning leaves the events of
/// the horizon and the receipts of their 90 days, whatever the history's length.
///
/// The suite simulates `DWALL_RETENTION_DAYS` days (100 by default, a few seconds);
/// `DWALL_RETENTION_DAYS=365` is the year BENCHMARKS.md records (it prints the sizes).
@Suite struct RetentionYearTests {
    static let days = ProcessInfo.processInfo.environment["DWALL_RETENTION_DAYS"].flatMap(Int.init) ?? 100

    @Test func prunedHistoryHoldsOnlyTheHorizonWhateverItsLength() async throws {
        let folder = URL(fileURLWithPath: FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
            .appendingPathComponent("dwall-year-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = Locked(Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01
        let path = folder.appendingPathComponent("wall.sqlite").path
        let store = try SQLiteStore(path: path, clock: { clock.withLock { now in now += 0.001; return now } })
        var generator = SplitMix(state: 365)
        let policy = RetentionPolicy()

        let (kept, before, after) = try await store.whileRunning {
            let user = try await store.newUser("heavy")
            var items: [UUID] = []
            for day in 0..<Self.days {
                clock.withLock { $0 = Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400) }
                for share in 0..<50 {
                    let note = "Day \(day), share \(share): " + String(repeating: "note ", count: Int.random(in: 0...20, using: &generator))
                    let saved = share % 5 == 4
                        ? try textShare("A passage from day \(day) " + String(repeating: "words ", count: 30), note: note)
                        : try linkShare("https://example.com/\(day)/\(share)", title: "Page \(day)-\(share)", note: note)
                    items.append(try await store.save(saved, for: user).item.id)
                }
                for _ in 0..<10 {
                    let id = items[Int.random(in: 0..<items.count, using: &generator)]
                    try await store.update(id, ItemPatch(userNote: .set("edited on day \(day)")), for: user)
                }
                for _ in 0..<5 {
                    let id = items.remove(at: Int.random(in: 0..<items.count, using: &generator))
                    _ = try await store.deleteItem(id: id, userID: user.id)
                }
            }
            let before = try Self.measure(store)
            let report = try await store.prune(policy, now: clock.withLock { $0 } + 86_400)
            try await store.pool.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
            let after = try Self.measure(store)
            print("""
                retention: \(Self.days) days, \(items.count) items kept; before pruning \(before); \
                pruned \(report.events) events, \(report.receipts) receipts; after pruning and VACUUM \(after)
                """)
            return (items.count, before, after)
        }

        // Events: only the horizon's days (65 a day) and the newest; receipts: their 90 days.
        #expect(after.events <= 31 * 65 + 1)
        #expect(after.receipts <= 91 * 50)
        #expect(after.items == kept)
        #expect(after.bytes < before.bytes || Self.days <= 30)
    }

    /// Rows that history keeps, and the file's size.
    struct Size: CustomStringConvertible {
        var items: Int, events: Int, receipts: Int, bytes: Int
        var description: String { "\(bytes / 1024) KiB (\(items) items, \(events) events, \(receipts) receipts)" }
    }

    static func measure(_ store: SQLiteStore) throws -> Size {
        try store.pool.read { db in
            let count = { (table: String) in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            let size = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
            return Size(items: try count("items"), events: try count("events"), receipts: try count("share_receipts"), bytes: (pages - free) * size)
        }
    }
}

/// SplitMix64, so every run simulates the same year.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
