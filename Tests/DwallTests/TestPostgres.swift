import Foundation
import Testing

/// Where the end-to-end tests' state lives: SQLite in each server's data folder, or a fresh
/// PostgreSQL database on the server `DWALL_TEST_DATABASE_URL` points at (made and dropped with
/// `psql`, which comes with the server).
enum TestStorage: String, Sendable, CustomTestStringConvertible {
    case sqlite = "SQLite"
    case postgres = "PostgreSQL"

    /// The test server, if the run has one.
    static let serverURL = ProcessInfo.processInfo.environment["DWALL_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// SQLite, and PostgreSQL when there is a server to run on.
    static let available: [TestStorage] = serverURL == nil ? [.sqlite] : [.sqlite, .postgres]

    var testDescription: String { rawValue }

    /// A fresh database URL for `.postgres` (dropped by `drop(_:)`), `nil` for SQLite.
    func makeDatabase() throws -> String? {
        guard self == .postgres else { return nil }
        return try TestPostgres.createDatabase()
    }
}

/// Fresh PostgreSQL databases for the end-to-end tests.
enum TestPostgres {
    /// Creates a database on the test server; returns its URL.
    static func createDatabase() throws -> String {
        guard let server = TestStorage.serverURL, var components = URLComponents(string: server) else {
            throw ProcessFailure("DWALL_TEST_DATABASE_URL is not set")
        }
        let name = "dwall_e2e_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try psql(server, "CREATE DATABASE \(name)")
        components.path = "/" + name
        return components.string!
    }

    /// Drops a database made by `createDatabase()`, with whatever connections it still has.
    static func drop(_ url: String?) {
        guard let url, let server = TestStorage.serverURL, let name = URLComponents(string: url)?.path.dropFirst() else {
            return
        }
        try? psql(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs an SQL file (a `pg_dump --format=plain`, say) against the database at `url`.
    static func run(file: String, on url: String) throws {
        try psql(url, arguments: ["-f", file], describing: file)
    }

    /// Runs one SQL command against the database at `url`.
    static func run(sql: String, on url: String) throws {
        try psql(url, sql)
    }

    private static func psql(_ url: String, _ command: String) throws {
        try psql(url, arguments: ["-c", command], describing: command)
    }

    private static func psql(_ url: String, arguments: [String], describing command: String) throws {
        let binary = ["/usr/lib/postgresql/15/bin/psql", "/usr/bin/psql"]
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "psql"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [url, "-qAtX", "-v", "ON_ERROR_STOP=1"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ProcessFailure("psql \(command) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}
