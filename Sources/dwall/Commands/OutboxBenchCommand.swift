import ArgumentParser
import Foundation
import ShareKit
import WallCore

/// `dwall outbox bench --count N` (hidden; `scripts/bench-outbox` runs it): enqueues N text shares
/// for the signed-in account and prints the enqueue latency distribution as JSON. `dwall sync`
/// then sends them.
struct OutboxBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure outbox enqueue latency (benchmark).", shouldDisplay: false
    )

    @Option(help: "Shares to enqueue.") var count = 1_000

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive.") }
    }

    func run() async throws {
        let context = ClientContext()
        let credentials = try context.credentials()
        let outbox = try context.outbox()
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        latencies.reserveCapacity(count)
        let run = UUID.timeOrdered().uuidString.prefix(8)
        let began = clock.now
        for index in 0..<count {
            let share = PendingShare(
                request: ShareRequest(
                    id: UUID.timeOrdered(), contentType: .text, text: "Outbox benchmark \(run) share \(index)",
                    timestamp: Date(), source: .cli
                ),
                userID: credentials.userID
            )
            let start = clock.now
            let claim = try outbox.enqueue(share)
            latencies.append(start.duration(to: clock.now))
            try claim.release(recording: nil)
        }
        let total = began.duration(to: clock.now)
        let sorted = latencies.sorted()
        func ms(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
        }
        func percentile(_ p: Double) -> Double { ms(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) }
        try JSONLine.print(BenchOutput(
            count: count, p50Ms: percentile(0.5), p90Ms: percentile(0.9), p99Ms: percentile(0.99),
            meanMs: ms(total) / Double(max(1, count)), totalSeconds: ms(total) / 1000
        ))
    }
}

/// The benchmark's figures.
struct BenchOutput: Encodable {
    var count: Int
    var p50Ms: Double
    var p90Ms: Double
    var p99Ms: Double
    var meanMs: Double
    var totalSeconds: Double
}
