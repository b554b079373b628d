import ArgumentParser
import Foundation
import ShareKit
import WallCore

/// `dwall outbox`: what is queued on this machine and why; `dwall outbox clear-failed`.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List the shares queued on this machine, and why they are waiting.",
        subcommands: [List.self, ClearFailed.self, OutboxBenchCommand.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List pending, refused and unreadable shares (the default).")

        @Flag(help: "Print the outbox as JSON.") var json = false

        func run() async throws {
            let context = ClientContext()
            let snapshot: OutboxSnapshot
            do { snapshot = try context.outbox().snapshot() } catch let exit as ExitCode { throw exit } catch {
                throw ClientExit.fail("Could not read the outbox: \(error)")
            }
            if json {
                try JSONLine.print(OutboxOutput(snapshot))
                return
            }
            print("\(snapshot.pending.count) pending in \(context.paths.outboxDirectory.path)")
            for entry in snapshot.pending { print("  " + Self.line(entry)) }
            if !snapshot.failed.isEmpty {
                print("\(snapshot.failed.count) refused by the server ('dwall outbox clear-failed' removes them)")
                for entry in snapshot.failed { print("  " + Self.line(entry)) }
            }
            let unreadable = snapshot.unreadable + snapshot.damaged
            if !unreadable.isEmpty {
                print("\(unreadable.count) unreadable (in \(context.paths.outboxDirectory.path)/damaged, or moved there by the next sync)")
                for name in unreadable { print("  \(name)") }
            }
        }

        /// `2026-11-22T09:30:00.000Z  url  https://…  (2 attempts: reason)`.
        static func line(_ entry: OutboxEntry) -> String {
            let share = entry.share
            let what = share.url ?? share.text.map { ItemLine.snippet($0) } ?? "\(entry.attachments.count) file(s)"
            var line = "\(share.id.uuidString.lowercased())  \(WallJSON.formatDate(entry.enqueuedAt))  \(share.contentType.rawValue)  \(what)"
            if entry.attempts > 0 {
                line += "  (\(entry.attempts) attempt\(entry.attempts == 1 ? "" : "s")" + (entry.lastError.map { ": \($0)" } ?? "") + ")"
            }
            return line
        }
    }

    struct ClearFailed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear-failed", abstract: "Delete the shares the server refused.")

        func run() async throws {
            do { try ClientContext().outbox().discardFailed() } catch let exit as ExitCode { throw exit } catch {
                throw ClientExit.fail("Could not clear the refused shares: \(error)")
            }
        }
    }
}

/// `dwall outbox --json` output.
struct OutboxOutput: Encodable {
    var pending: [OutboxEntry]
    var failed: [OutboxEntry]
    var unreadable: [String]

    init(_ snapshot: OutboxSnapshot) {
        pending = snapshot.pending
        failed = snapshot.failed
        unreadable = snapshot.unreadable + snapshot.damaged
    }
}
