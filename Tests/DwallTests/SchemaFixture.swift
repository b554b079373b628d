import Foundation
import Testing

/// A released version's upgrade fixture on one store (`Tests/Fixtures/schema/NAME`, made by
/// `scripts/make-schema-fixture` with that version's own code): its data, and the manifest of
/// what the old server served.
struct SchemaFixture: Sendable, CustomTestStringConvertible {
    /// The fixture's folder name: the release commit's date and short id.
    let name: String
    let storage: TestStorage

    var testDescription: String { "\(name) on \(storage.rawValue)" }

    /// Where the fixtures live.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/schema").standardizedFileURL

    /// Every fixture's name, oldest first.
    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Every fixture on every store this run has (a version before the PostgreSQL store has
    /// SQLite only).
    static var all: [SchemaFixture] {
        names.flatMap { name in
            TestStorage.available.map { SchemaFixture(name: name, storage: $0) }
                .filter { FileManager.default.fileExists(atPath: $0.manifestURL.path) }
        }
    }

    private var directory: URL { Self.root.appendingPathComponent(name) }

    private var manifestURL: URL { directory.appendingPathComponent(storage == .sqlite ? "sqlite.json" : "postgres.json") }

    /// A blob the old version stored, by its SHA-256 (the blob store names files by it).
    func blob(_ sha256: String?) throws -> Data {
        guard let sha256, sha256.count == 64 else { throw ProcessFailure("no blob hash in the manifest") }
        let folder = storage == .sqlite ? "sqlite" : "postgres-data"
        return try Data(contentsOf: directory.appendingPathComponent("\(folder)/blobs/sha256/\(sha256.prefix(2))/\(sha256)"))
    }

    /// What the old server served (see scripts/schema-fixture-fill).
    func manifest() throws -> [String: Any] {
        try JSONSubset.parse(try Data(contentsOf: manifestURL)) as? [String: Any] ?? [:]
    }

    /// A server (not started) on a working copy of the fixture's data; the fixture itself is never
    /// touched. Web sessions are made to expire tomorrow, so the fixture is served as on the day
    /// it was made, whenever the suite runs.
    func workingCopy() throws -> ServerProcess {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-fixture-\(UUID().uuidString)").path
        let source = directory.appendingPathComponent(storage == .sqlite ? "sqlite" : "postgres-data").path
        try FileManager.default.copyItem(atPath: source, toPath: data)
        let tomorrow = Int64((Date().timeIntervalSince1970 + 86_400) * 1_000)
        guard storage == .postgres else {
            try Self.python("""
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'web_sessions'").fetchone():
                    db.execute("UPDATE web_sessions SET expires_at = ?", (int(sys.argv[2]),))
                db.commit()
                """, data + "/wall.sqlite", String(tomorrow))
            return ServerProcess(existingDataDirectory: data)
        }
        let url = try TestPostgres.createDatabase()
        try TestPostgres.run(file: directory.appendingPathComponent("postgres.sql").path, on: url)
        try TestPostgres.run(sql: "UPDATE web_sessions SET expires_at = now() + interval '1 day'", on: url)
        return ServerProcess(existingDataDirectory: data, databaseURL: url)
    }

    private static func python(_ script: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ProcessFailure("python3 failed on the fixture copy") }
    }
}
