import Foundation
import Logging
import PostgresNIO

/// Turns `NOTIFY dwall_jobs` from any replica into a wake-up of this replica's job workers, so
/// an idle worker claims a new job at once instead of at its next poll. Reconnects after a lost
/// connection; the workers' slow poll covers what was missed meanwhile.
struct PostgresJobListener: Sendable {
    let client: PostgresClient
    let signal: WakeSignal
    let logger: Logger

    /// Listens until cancelled.
    func run() async {
        var backoff = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listeningUntilCancelled(on: PostgresJobQueue.channel) { notices in
                        backoff = .milliseconds(100)
                        // Jobs may have come while nobody listened.
                        signal.notify()
                        for try await _ in notices { signal.notify() }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("Lost the job notifications; listening again", metadata: ["error": "\(error)"])
            }
            do { try await Task.sleep(for: backoff) } catch { return }
            backoff = min(backoff * 2, .seconds(5))
        }
    }
}
