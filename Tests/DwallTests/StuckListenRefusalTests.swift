import Foundation
import Testing

/// A PostgreSQL replica whose first LISTEN is never answered refuses to start, saying why, once
/// the 30 seconds it has to reach its database are up, instead of waiting for ever unready.
@Suite(.enabled(if: TestStorage.serverURL != nil, "needs DWALL_TEST_DATABASE_URL"))
struct StuckListenRefusalTests {
    @Test(.timeLimit(.minutes(3)))
    func aReplicaWhoseFirstListenHangsRefusesToStart() throws {
        let database = try #require(try TestStorage.postgres.makeDatabase())
        defer { TestPostgres.drop(database) }
        let blackHole = try ListenBlackHole(to: database)
        defer { blackHole.stop() }
        let server = try ServerProcess(databaseURL: try blackHole.route(database))
        defer { server.cleanUp() }

        let started = Date()
        let refusal = #expect(throws: ProcessFailure.self) { try server.start() }
        let elapsed = Date().timeIntervalSince(started)

        #expect(refusal?.description.contains("dwall serve exited") == true, "it exited: \(String(describing: refusal))")
        #expect(refusal?.description.contains("LISTEN") == true, "it says the LISTEN hung: \(String(describing: refusal))")
        // 30 s (`Limits.databaseStartTimeout`) from the store's start, plus the process's own start.
        #expect(elapsed >= 30 && elapsed < 50, "at the start timeout (took \(elapsed) s)")
    }
}
