import Foundation
import Logging
import PostgresNIO

/// Making and dropping whole databases on a PostgreSQL server: for test suites (a fresh
/// database per test) and tooling, never for the store itself.
public enum PostgresAdmin {
    /// Creates the database `name` (lower-case letters, digits and `_`) on the server `serverURL`
    /// points at, a copy of `template` when given (no one may be connected to it); returns the
    /// URL of the new database.
    public static func createDatabase(named name: String, serverURL: String, template: String? = nil) async throws -> String {
        try await run(serverURL) { client in
            if let template {
                try await client.query(
                    "CREATE DATABASE \(unescaped: try identifier(name)) TEMPLATE \(unescaped: try identifier(template))"
                ).all()
            } else {
                try await client.query("CREATE DATABASE \(unescaped: try identifier(name))").all()
            }
        }
        guard var components = URLComponents(string: serverURL) else { throw InvalidPostgresURL(reason: "unreadable") }
        components.path = "/" + name
        guard let url = components.string else { throw InvalidPostgresURL(reason: "unreadable") }
        return url
    }

    /// Creates a database with a fresh name starting with `prefix` (a copy of `template` when
    /// given), to drop when done.
    public static func scratchDatabase(prefix: String, serverURL: String, template: String? = nil) async throws -> ScratchDatabase {
        let name = prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let url = try await createDatabase(named: name, serverURL: serverURL, template: template)
        return ScratchDatabase(name: name, url: url, serverURL: serverURL)
    }

    /// Drops the database `name`, closing whatever connections it still has.
    public static func dropDatabase(named name: String, serverURL: String) async throws {
        try await run(serverURL) { client in
            try await client.query("DROP DATABASE IF EXISTS \(unescaped: try identifier(name)) WITH (FORCE)").all()
        }
    }

    /// Runs `body` with a one-connection client to the server.
    private static func run(_ url: String, _ body: (PostgresClient) async throws -> Void) async throws {
        var configuration = try PostgresURL.configuration(url)
        configuration.options.maximumConnections = 1
        let client = PostgresClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await body(client)
        }
    }

    /// `name`, checked to be a plain identifier (it can't be a bound parameter).
    private static func identifier(_ name: String) throws -> String {
        let valid = !name.isEmpty && name.count <= 63 && name.first?.isNumber == false
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        guard valid else { throw InvalidPostgresURL(reason: "\(name) is not a plain database name") }
        return name
    }
}

/// A database made for a while (a test), and how to get rid of it.
public struct ScratchDatabase: Sendable {
    /// Its name.
    public let name: String
    /// The URL to connect to it.
    public let url: String
    /// The server's URL it was made through.
    public let serverURL: String

    /// Drops it; a failure is only logged to standard error (a test's leftovers are not its result).
    public func drop() async {
        do {
            try await PostgresAdmin.dropDatabase(named: name, serverURL: serverURL)
        } catch {
            FileHandle.standardError.write(Data("Could not drop the test database \(name): \(error)\n".utf8))
        }
    }
}
