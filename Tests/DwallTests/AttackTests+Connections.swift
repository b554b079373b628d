import Foundation
import Testing
import WallCore

/// The connection floods: many idle connections from many addresses, and one address past its cap.
extension AttackTests {
    @Test func tenThousandIdleConnectionsFromManyAddressesAreHeldCheaplyWhileTheServerAnswers() async throws {
        let total = 10_000
        let perAddress = 250
        let limit = OpenFiles.raiseLimit()
        try #require(limit > UInt64(total + 500), "this test needs an open-files limit above \(total + 500) (ulimit -Hn), has \(limit)")
        // An idle timeout longer than opening them all takes (the other attacks show it closing
        // idle connections): every connection is held at once.
        try await Self.withServer(["--idle-timeout", "600"], maxRSSGrowth: 256 * 1_048_576) { server, probe in
            let rssBefore = probe.rssBytes
            var idle: [AttackConnection] = []
            idle.reserveCapacity(total)
            // 40 clients, each under the per-address cap (`Limits.defaultMaxConnectionsPerAddress`).
            let clients = (0..<(total / perAddress)).map { "127.0.0.\($0 + 2)" }
            for source in clients {
                for _ in 0..<perAddress { idle.append(try AttackConnection(port: server.port, from: source)) }
            }
            // The server accepts every one (each an open socket of its process), however slowly
            // the machine lets it: wait while the count still grows.
            let peers = Set(clients)
            var held = OpenFiles.connections(pid: probe.pid, from: peers)
            var lastGrowth = Date()
            while held < total, Date().timeIntervalSince(lastGrowth) < 10 {
                usleep(250_000)
                let now = OpenFiles.connections(pid: probe.pid, from: peers)
                if now > held { lastGrowth = Date() }
                held = now
            }
            #expect(held == total, "the server holds \(held) of the \(total) connections")
            // It stays responsive, and holds them in little memory.
            try await probe.expectResponsive("with \(total) idle connections")
            let grown = probe.rssBytes - rssBefore
            #expect(grown < 256 * 1_048_576, "\(total) idle connections took \(grown / 1_048_576) MB")
            #expect(idle.allSatisfy { !$0.read(timeout: 0).closed })
            idle.removeAll()
        }
    }

    @Test func oneAddressPastItsConnectionCapIsRefusedWhileOthersAreServed() async throws {
        let cap = 64
        try await Self.withServer(["--idle-timeout", "60", "--max-connections-per-address", String(cap)]) { server, probe in
            let attacker = "127.0.0.2"
            var held = try (0..<cap).map { _ in try AttackConnection(port: server.port, from: attacker) }
            // Each is served (so each has been counted before the next ones come).
            for connection in held {
                connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(AttackConnection.status(connection.read(timeout: 30) { AttackConnection.contains($0, "}") }.bytes) == 200)
            }
            // Past the cap, each new connection from that address is closed as soon as it is accepted.
            let refused = try (0..<20).map { _ in try AttackConnection(port: server.port, from: attacker) }
            let closed = refused.filter { $0.read(timeout: 10).closed }.count
            #expect(closed == refused.count, "\(closed) of \(refused.count) connections past the cap were closed")
            // Those under the cap stay open, and everybody else is served.
            #expect(held.allSatisfy { !$0.read(timeout: 0).closed })
            try await probe.expectResponsive("with one address at its cap")
            // Connections given up free their places.
            held.removeFirst(8)
            let freed = Date().addingTimeInterval(10)
            var again = try AttackConnection(port: server.port, from: attacker)
            while again.read(timeout: 0.2).closed, Date() < freed { again = try AttackConnection(port: server.port, from: attacker) }
            again.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(AttackConnection.status(again.read(timeout: 10).bytes) == 200, "no place came free after closing 8")
        }
    }
}
