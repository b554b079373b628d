import ArgumentParser
import Foundation
import WallStore

/// `dwall backup DEST`: a consistent copy of the data folder, taken while the server runs.
public struct BackupCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database and every file it refers to into a new folder, while the server runs.",
        discussion: """
            SQLite: the database is copied as it was at one instant (SQLite's online backup), then \
            every file it refers to; shares go on meanwhile. PostgreSQL: back the database up with \
            pg_dump first; this copies every stored file. Restore with `dwall restore DEST --data DIR`.
            """
    )

    @OptionGroup var storage: StorageOptions

    @Argument(help: "The folder to write the backup into (new or empty).")
    var destination: String

    @Option(
        name: .customLong("blob-store"),
        help: "Where the server keeps files, as `dwall serve` was told (env DWALL_BLOB_STORE); this copies a folder's or PostgreSQL's only."
    )
    var blobStoreOption: String?

    /// Makes the command from its defaults (the flags fill it in).
    public init() {}

    /// Refuses to back up a server whose files are in an object store: their copy is the
    /// bucket's own (this command would report the data folder's, which holds none of them).
    public func validate() throws {
        guard let named = blobStoreOption ?? Environment.string("DWALL_BLOB_STORE"),
              named.lowercased().hasPrefix("s3://") else { return }
        throw ValidationError(
            "Files are kept in \(named): dwall backup copies only files kept in the data folder or in PostgreSQL. "
                + "Back the bucket up with its own tools (versioning or replication) and the database "
                + "with pg_dump, or a copy of wall.sqlite (see docs/self-hosting.md, 'Back up and restore')."
        )
    }

    /// Runs the command.
    public func run() async throws {
        let started = ContinuousClock.now
        let manifest = try CommandErrors.explainBackup {
            try DataBackup.run(
                dataDirectory: storage.absoluteDataDirectory,
                databasePath: storage.databaseURL == nil ? storage.databasePath : nil,
                to: destination
            )
        }
        let seconds = (ContinuousClock.now - started).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))
        let items = manifest.items.map { "\($0) items, " } ?? ""
        print("Backed up \(items)\(manifest.blobs) files (\(manifest.blobBytes) bytes) to \(destination) in \(seconds).")
        if manifest.database == "postgresql" {
            print("The database is in PostgreSQL: back it up with pg_dump (see docs/self-hosting.md, 'Back up and restore'), before this command.")
        }
    }
}
