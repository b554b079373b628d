import Foundation
import Logging

extension PostgresEventRelay {
    /// Beside one listening connection's life: every `interval`, asks `PostgresRelayWatch`
    /// whether the connection is stuck before it listens (`phase` tells where it is; its LISTENs
    /// get `patience` whole intervals; `firstListenBy`, for a replica's first LISTEN, is its start
    /// deadline, checked then too), then, while it listens, reads the log's head on a pooled
    /// connection and asks whether it went deaf; throws `StuckListeningConnection` or
    /// `DeafListeningConnection`, for the listener to close it, listen again and catch up (or,
    /// the first time, to refuse to start). The checks for deafness begin once the relay first
    /// caught up and the connection listens; a head that can't be read skips that check.
    /// Returns when cancelled.
    func watch(
        every interval: Duration, patience: Int = 1, firstListenBy deadline: ContinuousClock.Instant?,
        phase: @escaping @Sendable () -> PostgresRelayWatch.Phase
    ) async throws {
        var watch = PostgresRelayWatch(patience: patience)
        let started = ContinuousClock.now
        while !Task.isCancelled {
            var wake = ContinuousClock.now + interval
            if let deadline, deadline > ContinuousClock.now { wake = min(wake, deadline) }
            do { try await Task.sleep(until: wake) } catch { return }
            let overdue = deadline.map { ContinuousClock.now >= $0 }
            let phase = phase()
            if watch.isStuck(phase: phase, startOverdue: overdue) {
                throw StuckListeningConnection(waited: ContinuousClock.now - started)
            }
            // One watch per connection: its first check while listening only takes note.
            guard phase == .listening else { continue }
            let head: Int64
            do {
                head = try await PostgresEventLog.lastSeq(client, logger: logger)
            } catch {
                if Task.isCancelled { return }
                logger.warning("Could not read the event log's head to check the notifications", metadata: ["error": "\(error)"])
                continue
            }
            let seen = sighting
            guard seen.caughtUp else { continue }
            if watch.isDeaf(head: head, lastSeen: seen.lastSeen, begun: seen.begun, busy: seen.busy) {
                throw DeafListeningConnection(head: head, lastSeen: seen.lastSeen, interval: interval)
            }
        }
    }
}

/// The listening connection delivered no notice for events committed a whole check interval
/// ago: it is open but deaf.
struct DeafListeningConnection: Error, CustomStringConvertible {
    /// The log's newest seq at the check that found it deaf.
    var head: Int64
    /// The newest seq the relay had seen.
    var lastSeen: Int64
    /// The check interval.
    var interval: Duration
    var description: String {
        "no event notice for \(interval) although the log holds seq \(head) and the relay has seen up to \(lastSeen)"
    }
}

/// The listening connection never got its LISTENs answered: within its patience's check
/// intervals of its lease (see `PostgresRelayWatch`), or, the first time, by the store's start
/// deadline. PostgreSQL (or the network to
/// it) never answered.
struct StuckListeningConnection: Error, CustomStringConvertible {
    /// How long it had waited when given up.
    var waited: Duration
    var description: String {
        "the listening connection to PostgreSQL got no answer to its LISTEN within \(waited)"
    }
}
