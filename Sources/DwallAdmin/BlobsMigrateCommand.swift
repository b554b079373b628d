import ArgumentParser
import Foundation
import Logging
import WallApp
import WallStore

/// `dwall blobs migrate --from … --to …`: copies a wall's files from one blob store to another,
/// resumable, verified by hash, safe while the server runs.
public struct BlobsMigrateCommand: AsyncParsableCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy every file from one blob store to another, verified by hash.",
        discussion: """
            Copies every file the database refers to, and every file stored in the source, that \
            the destination does not hold yet; each copy is read back and hashed. Safe while the \
            server runs, and safe to run again (it copies only what is missing). To switch stores: \
            migrate, restart every replica with --blob-store set to the destination, then migrate \
            again to catch the files shared in between. Exits 1 if any file failed to copy or verify.
            """
    )

    @OptionGroup var storage: StorageOptions

    @Option(name: .customLong("from"), help: "The store the files are in: folder, postgres or s3://bucket/prefix.")
    var from: String

    @Option(name: .customLong("to"), help: "The store to copy them to: folder, postgres or s3://bucket/prefix.")
    var to: String

    /// Makes the command from its defaults (the flags fill it in).
    public init() {}

    /// Refuses names that are no store, the same store twice, and a store the data can't use.
    public func validate() throws {
        let (source, destination) = try stores()
        guard source != destination else { throw ValidationError("--from and --to name the same store.") }
        for store in [source, destination] {
            if let problem = store.problem(with: storage.location) { throw ValidationError(problem) }
        }
    }

    /// Copies, printing a line per file copied or failed and a summary.
    public func run() async throws {
        let (source, destination) = try stores()
        var logger = Logger(label: "dwall.admin")
        logger.logLevel = .warning
        let location = storage.location
        let started = ContinuousClock.now
        let report = try await StoreOpener.withStore(location, logger: logger) { store in
            let from = try BlobStoreOpener.open(source, store: store, location: location, besideServer: true)
            let into = try BlobStoreOpener.open(destination, store: store, location: location, besideServer: true)
            try await BlobStoreProbe.check(into, location: destination)
            let migration = BlobMigration(from: from, to: into) {
                Set(try await store.referencedBlobHashes().compactMap(BlobHash.init(hex:)))
            }
            return try await migration.run { step in Self.printProgress(step) }
        }
        let seconds = (ContinuousClock.now - started).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))
        print("""
            \(source) → \(destination): \(report.total) files, \(report.copied) copied (\(report.copiedBytes) bytes), \
            \(report.present) already there, \(report.missing.count) missing from both, \(report.failed.count) failed, in \(seconds).
            """)
        for hash in report.missing { print("missing: \(hash) (the database refers to it; neither store has it)") }
        guard report.failed.isEmpty else {
            throw CommandFailure("\(report.failed.count) files failed to copy or verify; run the command again to retry them.")
        }
    }

    private func stores() throws -> (BlobStoreLocation, BlobStoreLocation) {
        guard let source = BlobStoreLocation(parsing: from) else {
            throw ValidationError("--from must be folder, postgres or s3://bucket/prefix.")
        }
        guard let destination = BlobStoreLocation(parsing: to) else {
            throw ValidationError("--to must be folder, postgres or s3://bucket/prefix.")
        }
        return (source, destination)
    }

    /// One line for each file copied or failed, and every 100th file whatever became of it.
    private static func printProgress(_ step: BlobMigrationStep) {
        switch step.outcome {
        case .copied(let bytes): print("[\(step.index)/\(step.total)] copied \(step.hash) (\(bytes) bytes)")
        case .failed(let why): print("[\(step.index)/\(step.total)] FAILED \(step.hash): \(why)")
        case .present, .missing:
            if step.index % 100 == 0 || step.index == step.total { print("[\(step.index)/\(step.total)] …") }
        }
    }
}
