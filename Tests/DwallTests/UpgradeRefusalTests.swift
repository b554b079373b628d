import Foundation
import Testing

/// A server never starts on a database it could not bring up to date, and says why.
@Suite struct UpgradeRefusalTests {
    @Test func aServerRefusesToStartOnADatabaseItCannotMigrate() throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        _ = try server.makeUser()
        // A newer dwall's step in the history: this one must not touch the file, nor serve it.
        let marked = Process()
        marked.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        marked.arguments = ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1]); db.execute("INSERT INTO grdb_migrations VALUES ('v99-future')"); db.commit()
            """, server.dataDirectory + "/wall.sqlite"]
        try marked.run()
        marked.waitUntilExit()
        #expect(marked.terminationStatus == 0)

        let refusal = #expect(throws: ProcessFailure.self) { try server.start() }
        #expect(refusal?.description.contains("was made by a newer dwall") == true, "\(String(describing: refusal))")
        #expect(refusal?.description.contains("v99-future") == true)
    }
}
