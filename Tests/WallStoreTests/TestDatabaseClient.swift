import Foundation
import Logging
import PostgresNIO
import Testing
import WallStore

/// A plain client on a test database, for what the store does not offer.
struct TestDatabaseClient: Sendable {
    let client: PostgresClient
    let logger = Logger(label: "dwall.tests.database")

    init(url: String) throws {
        client = PostgresClient(configuration: try PostgresURL.configuration(url))
    }

    func whileRunning(_ body: () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await body()
        }
    }

    /// The first column of every row, as text.
    func strings(_ query: PostgresQuery) async throws -> [String] {
        var values: [String] = []
        for try await value in try await client.query(query, logger: logger).decode(String.self) { values.append(value) }
        return values
    }

    /// Returns once some session of this database waits for a lock (polled, bounded).
    func waitForALockWaiter() async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let waiting = try await strings("""
                SELECT pid::text FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                """)
            if !waiting.isEmpty { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("no session started waiting for a lock within 20 s")
    }

    /// Installs a deferred constraint trigger named `name` that runs `action` (PL/pgSQL) at the
    /// commit of any transaction that inserted an item whose url is `url`.
    func runAtCommit(_ name: String, on url: String, _ action: String) async throws {
        try await client.query(PostgresQuery(unsafeSQL: """
            CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.url = '\(url)' THEN \(action) END IF;
                RETURN NULL;
            END $$
            """), logger: logger)
        try await client.query(PostgresQuery(unsafeSQL: """
            CREATE CONSTRAINT TRIGGER \(name) AFTER INSERT ON items DEFERRABLE INITIALLY DEFERRED
            FOR EACH ROW EXECUTE FUNCTION \(name)()
            """), logger: logger)
    }

    /// The statements this database's sessions are waiting for a lock in, sorted.
    func lockWaits() async throws -> [String] {
        try await strings("""
            SELECT query FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' ORDER BY query
            """)
    }
}
