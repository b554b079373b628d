import ArgumentParser
import Foundation
import WallCore
import WallApp
import WallStore

/// `dwall prune`: what the server prunes every hour, now.
public struct PruneCommand: AsyncParsableCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove now what the server removes every hour: old events, dead jobs, expired sessions, old share receipts.",
        discussion: """
            The same pruning as `dwall serve` runs hourly, with the same horizon; safe while the \
            server runs. A client that resumes from before the kept events is told to reload.
            """
    )

    @OptionGroup var storage: StorageOptions

    @Option(
        name: .customLong("keep-events-days"),
        help: "How many days of events to keep; give the server's value (env DWALL_KEEP_EVENTS_DAYS)."
    )
    var keepEventsDays: Int = Environment.int("DWALL_KEEP_EVENTS_DAYS") ?? Limits.defaultEventRetentionDays

    /// Makes the command from its defaults (the flags fill it in).
    public init() {}

    /// Refuses a horizon `dwall serve` would refuse.
    public func validate() throws {
        guard Limits.eventRetentionDays.contains(keepEventsDays) else {
            throw ValidationError("--keep-events-days must be \(Limits.eventRetentionDays.lowerBound) to \(Limits.eventRetentionDays.upperBound).")
        }
    }

    /// Prunes and says what went.
    public func run() async throws {
        let policy = RetentionPolicy(events: TimeInterval(keepEventsDays) * 86_400)
        let report = try await storage.withAccounts { accounts in
            try await accounts.store.prune(policy, now: Date())
        }
        print("Pruned \(report.events) events, \(report.deadJobs) dead jobs, \(report.sessions) expired sessions and \(report.receipts) share receipts.")
    }
}
