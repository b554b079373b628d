import ArgumentParser
import Foundation
import ShareKit

/// `dwall sync`: send everything in the outbox, oldest first.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send the shares queued on this machine.",
        discussion: """
            Exit status: 0 nothing left pending; 1 some were refused or unreadable (see 'dwall outbox'); \
            75 some are still pending (server unreachable or busy; run it again later); 77 the server \
            refused the token.
            """
    )

    @Option(help: "Shares sent at once.") var concurrency = 4
    @Flag(help: "Print the result as JSON.") var json = false

    func validate() throws {
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be 1 to 64.") }
    }

    func run() async throws {
        let context = ClientContext()
        let credentials = try context.credentials()
        let delivery = try context.delivery(credentials, policy: .background, maxConnections: concurrency)
        let bar = ProgressBar(enabled: !json && ProgressBar.isTerminal)
        let report = await delivery.drain(concurrency: concurrency) { progress in
            bar.update(done: progress.done, total: progress.total, label: "sent \(progress.delivered)")
        }
        bar.finish()
        if json { try JSONLine.print(SyncOutput(report)) } else { printSummary(report, outbox: context.paths.outboxDirectory) }
        if case .unauthorized? = report.stoppedBy { throw ExitCode(ClientExit.notSignedIn) }
        // Shares stored for another account wait for it; they are not this run's to retry.
        if report.remaining - report.otherAccount > 0 { throw ExitCode(ClientExit.tryLater) }
        if !report.refused.isEmpty || !report.damaged.isEmpty { throw ExitCode(ClientExit.failed) }
    }

    private func printSummary(_ report: DrainReport, outbox: URL) {
        var line = "Sent \(report.progress.delivered) of \(report.progress.total)"
        if !report.refused.isEmpty { line += ", \(report.refused.count) refused" }
        if report.remaining > 0 { line += ", \(report.remaining) still queued" }
        print(line + ".")
        for refusal in report.refused {
            print("refused \(refusal.shareID.uuidString.lowercased()): \(refusal.error)")
        }
        for entry in report.damaged {
            print("unreadable \(entry.name) (moved to \(outbox.path)/damaged): \(entry.reason)")
        }
        if let reason = report.stoppedBy {
            if case .unauthorized = reason {
                print("Stopped: the server refused the token. Run 'dwall login', then 'dwall sync'.")
            } else {
                print("Stopped early: \(reason)")
            }
        }
        if report.busy > 0 { print("\(report.busy) were being sent by another process.") }
        if report.otherAccount > 0 { print("\(report.otherAccount) belong to another account and wait for it.") }
    }
}

/// `dwall sync --json` output.
struct SyncOutput: Encodable {
    var total: Int
    var delivered: Int
    var refused: [Refused]
    var damaged: [String]
    var remaining: Int
    var busy: Int
    var otherAccount: Int
    var stoppedBy: ErrorOutput?

    struct Refused: Encodable {
        var shareId: UUID
        var error: ErrorOutput
    }

    init(_ report: DrainReport) {
        total = report.progress.total
        delivered = report.progress.delivered
        refused = report.refused.map { Refused(shareId: $0.shareID, error: ErrorOutput($0.error)) }
        damaged = report.damaged.map(\.name)
        remaining = report.remaining
        busy = report.busy
        otherAccount = report.otherAccount
        stoppedBy = report.stoppedBy.map(ErrorOutput.init)
    }
}
