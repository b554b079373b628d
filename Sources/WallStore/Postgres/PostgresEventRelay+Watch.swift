import Foundation
import Logging

extension PostgresEventRelay {
    /// Beside one listening connection's life: every `interval`, asks `PostgresRelayWatch`
    /// whether the connection is stuck before it listens (`listening` tells whether its LISTENs
    /// are in place), then reads the log's head on a pooled connection and asks whether it went
    /// deaf; throws `StuckListeningConnection` or `DeafListeningConnection`, for the listener to
    /// close it, listen again and catch up (or, the first time, to refuse to start). The checks
    /// for deafness begin once the relay first caught up; a head that can't be read skips that
    /// check. Returns when cancelled.
    func watch(every interval: Duration, listening: @escaping @Sendable () -> Bool) async throws {
        var watch = PostgresRelayWatch()
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            if watch.isStuck(listening: listening()) { throw StuckListeningConnection(interval: interval) }
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

/// The listening connection had not listened at two checks a whole interval apart: PostgreSQL (or
/// the network to it) never answered its opening or its LISTEN.
struct StuckListeningConnection: Error, CustomStringConvertible {
    /// The check interval.
    var interval: Duration
    var description: String {
        "the listening connection to PostgreSQL got no answer to its LISTEN for a whole check interval (\(interval))"
    }
}
