import Foundation
import Testing
import WallCore

/// `dwall user` and `dwall token` work on the same data folder while the server runs.
@Suite(.serialized) struct AdminCommandTests {
    @Test func tokensMadeAndRevokedBesideARunningServer() async throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        try server.start()
        let token = try server.makeUser("bob")
        let client = HTTPClient(baseURL: server.baseURL, token: token)
        #expect(try await client.send("GET", "/v1/me").status == 200)

        let listed = try server.admin(["token", "list", "--user", "bob"])
        #expect(listed.status == 0)
        #expect(!listed.output.contains(token), "the secret is never listed")
        let tokenID = try #require(listed.output.split(separator: " ").first.map(String.init))

        let revoked = try server.admin(["token", "revoke", "--user", "bob", tokenID])
        #expect(revoked.status == 0)
        // The server caches tokens for at most 5 s; poll (bounded) until the revocation shows.
        let deadline = Date().addingTimeInterval(15)
        var status = 200
        while Date() < deadline {
            status = try await client.send("GET", "/v1/me").status
            if status == 401 { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(status == 401)
        try server.stop()
    }

    @Test func refusalsExitNonZeroWithAReason() throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        _ = try server.makeUser("carol")
        let again = try server.admin(["user", "create", "CAROL", "--password-stdin"], input: "another password\n")
        #expect(again.status != 0)
        #expect(again.errorOutput.contains("taken"))
        let short = try server.admin(["user", "create", "dave", "--password-stdin"], input: "short\n")
        #expect(short.status != 0)
        #expect(short.errorOutput.contains("at least 8"))
        let nobody = try server.admin(["token", "create", "--user", "nobody"])
        #expect(nobody.status != 0)
        #expect(nobody.errorOutput.contains("No such user"))
    }
}
