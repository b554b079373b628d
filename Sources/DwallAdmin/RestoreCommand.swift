import ArgumentParser
import Foundation
import WallStore

/// `dwall restore SRC --data DIR`: a new data folder from a backup.
public struct RestoreCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Make a new data folder from a backup (never over one that holds anything).",
        discussion: """
            Checks the backup's database and the bytes of every file first; nothing is written \
            unless all of it is sound. Then start the server with --data DIR.
            """
    )

    @Argument(help: "The backup folder (made by dwall backup).")
    var source: String

    @Option(name: .customLong("data"), help: "The data folder to make (new or empty).")
    var dataDirectory: String

    /// Makes the command from its defaults (the flags fill it in).
    public init() {}

    /// Runs the command.
    public func run() async throws {
        let manifest = try CommandErrors.explainBackup { try DataRestore.run(from: source, into: dataDirectory) }
        let items = manifest.items.map { "\($0) items and " } ?? ""
        print("Restored \(items)\(manifest.blobs) files, backed up \(manifest.createdAt.ISO8601Format()), into \(dataDirectory).")
        if manifest.database == "postgresql" {
            print("Only the files were in this backup: restore the database with pg_restore (see docs/self-hosting.md, 'Back up and restore').")
        }
    }
}
