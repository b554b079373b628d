import Foundation
import Testing
import WallCore

/// `dwall serve`'s flags for what it lets a client hold: each is refused when out of range, and
/// each changes what the running server does (shown against a server with other values).
@Suite struct ServeFlagTests {
    static let metricsToken = "flag-test-metrics-token"

    @Test(arguments: [
        (["--idle-timeout", "0"], "--idle-timeout must be"),
        (["--read-timeout", "4000"], "--read-timeout must be"),
        (["--max-header-bytes", "100"], "--max-header-bytes must be"),
        (["--trusted-proxy", "not-an-address"], "--trusted-proxy takes"),
        (["--metrics-token", "short"], "--metrics-token must be"),
        (["--max-connections-per-address", "0"], "--max-connections-per-address must be"),
    ])
    func anOutOfRangeValueIsRefusedBeforeTheServerStarts(_ flag: [String], _ message: String) throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-flags-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let result = try CommandRunner.run(["serve", "--data", data, "--port", "0"] + flag, environment: ServerProcess.environment)
        #expect(result.status != 0)
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: data + "/wall.sqlite"), "nothing was made")
    }

    /// A server run with `flags`; its port and the token of its user.
    static func withServer(_ flags: [String], _ body: (ServerProcess, String) async throws -> Void) async throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        let token = try server.makeUser()
        try server.start(extraArguments: ["--rate-limit", "0"] + flags)
        try await body(server, token)
    }

    static let tight = [
        "--idle-timeout", "1", "--read-timeout", "1", "--max-header-bytes", "2048", "--trusted-proxy", "127.0.0.1",
        "--metrics-token", metricsToken, "--max-connections-per-address", "4",
    ]
    static let loose = ["--idle-timeout", "600", "--read-timeout", "600"]

    @Test func theIdleTimeoutClosesASilentConnection() async throws {
        try await Self.withServer(Self.tight) { server, _ in
            let silent = try AttackConnection(port: server.port)
            #expect(silent.read(timeout: 30).closed)
        }
        try await Self.withServer(Self.loose) { server, _ in
            let silent = try AttackConnection(port: server.port)
            #expect(!silent.read(timeout: 3).closed, "held well within 600 s")
        }
    }

    @Test func theReadTimeoutClosesABodyThatTrickles() async throws {
        func trickle(_ server: ServerProcess, seconds: Int) throws -> Bool {
            let connection = try AttackConnection(port: server.port)
            connection.send("POST /v1/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
            for _ in 0..<(seconds * 2) {
                if !connection.send(" ") || connection.read(timeout: 0.5).closed { return true }
            }
            return false
        }
        try await Self.withServer(Self.tight) { server, _ in
            let closed = try trickle(server, seconds: 30)
            #expect(closed)
        }
        try await Self.withServer(Self.loose) { server, _ in
            let closed = try trickle(server, seconds: 3)
            #expect(!closed, "read on well within 600 s")
        }
    }

    @Test func theHeaderLimitRefusesAHeaderPastIt() async throws {
        func status(_ server: ServerProcess) throws -> Int? {
            let connection = try AttackConnection(port: server.port)
            connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: \(String(repeating: "a", count: 4_000))\r\nConnection: close\r\n\r\n")
            return AttackConnection.status(connection.read(timeout: 30).bytes)
        }
        try await Self.withServer(Self.tight) { server, _ in
            let refused = try status(server)
            #expect(refused != 200)
        }
        try await Self.withServer([]) { server, _ in
            let served = try status(server)
            #expect(served == 200)
        }
    }

    @Test func aTrustedProxyNamesEachClientSoGuessesFromManyClientsAreNotOneAddresses() async throws {
        // Past the burst by a margin: the bucket refills (a few a minute) while a loaded machine
        // hashes each guess, so the direct run must get a 429 somewhere, not at a fixed attempt.
        func statuses(_ server: ServerProcess) async throws -> [Int] {
            var statuses: [Int] = []
            for guess in 0...(Int(Limits.signInBurstPerUser) + 10) {
                let body = try WallJSON.encoder().encode(AuthTokenRequest(username: "alice", password: "guess-\(guess)-pw"))
                let reply = try await HTTPClient(baseURL: server.baseURL).send(
                    "POST", "/v1/auth/token", json: body, headers: ["X-Forwarded-For": "203.0.113.\(guess)"]
                )
                statuses.append(reply.status)
            }
            return statuses
        }
        try await Self.withServer(Self.tight) { server, _ in
            let proxied = try await statuses(server)
            #expect(proxied.allSatisfy { $0 == 401 }, "each client has its own attempts: \(proxied)")
        }
        try await Self.withServer([]) { server, _ in
            let direct = try await statuses(server)
            #expect(direct.contains(429), "without the flag, one address: \(direct)")
        }
    }

    @Test func theMetricsTokenGuardsMetrics() async throws {
        try await Self.withServer(Self.tight) { server, token in
            let anonymous = try await HTTPClient(baseURL: server.baseURL).send("GET", "/metrics")
            let user = try await HTTPClient(baseURL: server.baseURL, token: token).send("GET", "/metrics")
            let bearer = try await HTTPClient(baseURL: server.baseURL, token: Self.metricsToken).send("GET", "/metrics")
            #expect(anonymous.status == 404)
            #expect(user.status == 404, "a user's token is not the metrics token")
            #expect(bearer.status == 200)
        }
        try await Self.withServer([]) { server, _ in
            let local = try await HTTPClient(baseURL: server.baseURL).send("GET", "/metrics")
            #expect(local.status == 200, "loopback, no token")
        }
    }

    @Test func theConnectionCapClosesOneMoreFromTheSameAddress() async throws {
        try await Self.withServer(Self.tight + ["--idle-timeout", "600"]) { server, _ in
            let held = try (0..<4).map { _ in try AttackConnection(port: server.port, from: "127.0.0.3") }
            for connection in held {
                connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(AttackConnection.status(connection.read(timeout: 30) { AttackConnection.contains($0, "}") }.bytes) == 200)
            }
            let oneMore = try AttackConnection(port: server.port, from: "127.0.0.3")
            #expect(oneMore.read(timeout: 30).closed)
            let other = try AttackConnection(port: server.port, from: "127.0.0.4")
            other.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(AttackConnection.status(other.read(timeout: 30).bytes) == 200, "another address is served")
        }
    }
}
