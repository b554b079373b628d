import Foundation
import ShareKit
import Testing
import WallCore

/// Runs `dwall share` and `dwall sync` and kills them with SIGKILL at random moments, with the
/// server sometimes down, then syncs to the end: every share that was stored (acknowledged with
/// exit 0, or found in the outbox) is on the wall exactly once, and nothing else is.
///
/// Seeded: the seed is printed; `DWALL_CHAOS_SEED=N` replays a run's choices (the kill moments
/// still race the processes), `DWALL_CHAOS_ROUNDS` changes the number of rounds (120).
@Suite(.serialized) struct ChaosTests {
    @Test(.timeLimit(.minutes(10))) func killedSharesAndSyncsStillLandExactlyOnce() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["DWALL_CHAOS_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(Int64.max))
        let rounds = environment["DWALL_CHAOS_ROUNDS"].flatMap(Int.init) ?? 120
        print("Chaos test: seed \(seed), \(rounds) rounds (replay with DWALL_CHAOS_SEED=\(seed))")
        var random = SeededGenerator(seed: seed)

        let setting = try SignedInClient()
        defer { setting.cleanUp() }
        let (server, client, address) = (setting.server, setting.client, setting.address)

        var tally = Tally()
        var serverUp = true
        for round in 0..<rounds {
            // The server is down for one block of rounds in three: those shares queue.
            let wantUp = (round / 15) % 3 != 1
            if wantUp != serverUp {
                if wantUp { try server.start(extraArguments: address) } else { try server.stop() }
                serverUp = wantUp
            }
            let text = "chaos \(seed) round \(round)"
            tally.started.insert(text)
            // Some shares only queue, so the syncs have a backlog to be killed in the middle of.
            let queueOnly = random.chance(0.3) ? ["--queue"] : []
            let share = try client.start(["share", "--text", text, "--timeout", "2"] + queueOnly)
            let sync = random.chance(0.35) ? try client.start(["sync"]) : nil
            let killShareAfter = random.chance(0.75) ? Int.random(in: 0...80, using: &random) : nil
            let killSyncAfter = random.chance(0.75) ? Int.random(in: 0...120, using: &random) : nil
            for (command, delay) in [(share, killShareAfter), (sync, killSyncAfter)] {
                guard let command, let delay else { continue }
                try await Task.sleep(for: .milliseconds(delay))
                command.sigkill()
            }
            switch await share.exitStatus() {
            case nil: tally.killedShares += 1
            case 0?: tally.acknowledged.insert(text)
            case let status?: Issue.record("dwall share exited \(status) in round \(round)")
            }
            if let sync {
                let status = await sync.exitStatus()
                if status == nil { tally.killedSyncs += 1 }
                if let status, ![0, 75].contains(status) { Issue.record("dwall sync exited \(status) in round \(round)") }
            }
        }
        if !serverUp { try server.start(extraArguments: address) }

        // Whatever a killed process left stored must arrive too.
        let stored = Set(try client.outbox().pending.compactMap(\.share.text))
        let final = try client.run(["sync"])
        #expect(final.status == 0, "final sync: \(final.output)\n\(final.errorOutput)")

        let items = try await setting.items()
        var copies: [String: Int] = [:]
        for item in items { copies[item.text ?? "(no text)", default: 0] += 1 }
        let duplicated = copies.filter { $0.value > 1 }
        #expect(duplicated.isEmpty, "shares on the wall more than once: \(duplicated)")
        let lost = tally.acknowledged.union(stored).subtracting(copies.keys)
        #expect(lost.isEmpty, "stored shares missing from the wall: \(lost.sorted())")
        #expect(Set(copies.keys).isSubset(of: tally.started), "items nobody shared: \(Set(copies.keys).subtracting(tally.started))")
        #expect(try client.outbox() == OutboxSnapshot(), "the outbox ends empty, nothing failed or damaged")
        print("Chaos test: \(rounds) rounds, \(tally.killedShares) shares and \(tally.killedSyncs) syncs killed, "
            + "\(tally.acknowledged.count) acknowledged, \(stored.count) left in the outbox, \(items.count) on the wall")
        try server.stop()
    }

    struct Tally {
        var started: Set<String> = []
        var acknowledged: Set<String> = []
        var killedShares = 0
        var killedSyncs = 0
    }
}
