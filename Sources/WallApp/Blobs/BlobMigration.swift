import Crypto
import Foundation
import NIOCore
import WallCore
import WallStore

/// `dwall blobs migrate`: copies every blob the database refers to, and every blob stored in
/// the source, into the destination store, verified by hash; safe to run again and beside a
/// running server.
///
/// Resumable: a blob the destination already holds with the source's size is skipped; one it
/// holds with another size (a copy cut short by hand) is replaced. Each copied blob is read back
/// from the destination and hashed, and one whose bytes don't match its name counts as failed
/// (and is removed from the destination, so the next run copies it again); so does a source
/// blob whose own bytes don't hash to its name.
public struct BlobMigration: Sendable {
    /// Where the blobs are now.
    public let source: any BlobStore
    /// Where they go.
    public let destination: any BlobStore
    /// The hashes the database refers to (items' files, renditions, pictures, snapshots).
    public let references: @Sendable () async throws -> Set<BlobHash>

    /// Makes the migration.
    public init(
        from source: any BlobStore, to destination: any BlobStore,
        references: @escaping @Sendable () async throws -> Set<BlobHash>
    ) {
        self.source = source
        self.destination = destination
        self.references = references
    }

    /// Copies what is missing; `progress` hears about each blob as it is done.
    public func run(progress: (BlobMigrationStep) -> Void = { _ in }) async throws -> BlobMigrationReport {
        let referenced = try await references()
        let stored = Set(try await source.storedBlobs().map(\.hash))
        let hashes = referenced.union(stored).sorted { $0.hex < $1.hex }
        var report = BlobMigrationReport(total: hashes.count)
        for (index, hash) in hashes.enumerated() {
            let step = BlobMigrationStep(index: index + 1, total: hashes.count, hash: hash, outcome: await migrate(hash))
            report.count(step)
            progress(step)
        }
        return report
    }

    /// Copies one blob unless the destination has it.
    private func migrate(_ hash: BlobHash) async -> BlobMigrationOutcome {
        do {
            let sourceSize = try await source.size(of: hash)
            let destinationSize = try await destination.size(of: hash)
            if let destinationSize, sourceSize == nil || sourceSize == destinationSize { return .present }
            guard sourceSize != nil, let reader = try await source.open(hash) else { return .missing }
            defer { reader.close() }
            if destinationSize != nil { try await destination.remove(hash) }
            let ref = try await copy(reader)
            // Bytes that were damaged in the source land under another name, which the sweep
            // removes (it could be a real blob's: never removed here).
            guard ref.hash == hash else { return .failed("the source's bytes do not hash to its name (damaged?)") }
            guard try await Self.digest(of: hash, in: destination) == hash.hex else {
                try? await destination.remove(hash)
                return .failed("the destination's copy does not read back as the bytes written")
            }
            return .copied(bytes: ref.size)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Streams the reader's bytes into a new destination blob.
    private func copy(_ reader: any BlobReader) async throws -> BlobRef {
        let upload = try await destination.beginUpload()
        do {
            var offset: Int64 = 0
            while offset < reader.size {
                let piece = try await reader.read(offset: offset, length: Limits.blobPieceBytes)
                guard piece.readableBytes > 0 else { throw BlobStoreError.inconsistent("the source blob ended early") }
                try await upload.write(piece)
                offset += Int64(piece.readableBytes)
            }
            return try await upload.commit()
        } catch {
            await upload.abort()
            throw error
        }
    }

    /// The SHA-256 of the bytes `blobs` serves under `hash`, read back piece by piece.
    static func digest(of hash: BlobHash, in blobs: any BlobStore) async throws -> String? {
        guard let reader = try await blobs.open(hash) else { return nil }
        defer { reader.close() }
        var hasher = SHA256()
        var offset: Int64 = 0
        while offset < reader.size {
            let piece = try await reader.read(offset: offset, length: Limits.blobPieceBytes)
            guard piece.readableBytes > 0 else { return nil }
            piece.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
            offset += Int64(piece.readableBytes)
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

/// What became of one blob.
public enum BlobMigrationOutcome: Sendable, Equatable {
    /// Copied and verified.
    case copied(bytes: Int64)
    /// The destination had it already.
    case present
    /// Referenced by the database but in neither store (lost before the migration).
    case missing
    /// The copy failed or did not verify: why.
    case failed(String)
}

/// One blob done, for progress lines.
public struct BlobMigrationStep: Sendable {
    /// How many blobs are done, this one included.
    public let index: Int
    /// How many there are.
    public let total: Int
    /// The blob.
    public let hash: BlobHash
    /// What became of it.
    public let outcome: BlobMigrationOutcome
}

/// What a migration did.
public struct BlobMigrationReport: Sendable {
    /// Blobs considered (referenced or stored in the source).
    public var total: Int
    /// Blobs copied and verified.
    public var copied = 0
    /// Bytes copied.
    public var copiedBytes: Int64 = 0
    /// Blobs the destination had already.
    public var present = 0
    /// Blobs referenced but in neither store.
    public var missing: [BlobHash] = []
    /// Blobs that failed, each with why.
    public var failed: [(hash: BlobHash, reason: String)] = []

    /// An empty report for `total` blobs.
    public init(total: Int) { self.total = total }

    mutating func count(_ step: BlobMigrationStep) {
        switch step.outcome {
        case .copied(let bytes):
            copied += 1
            copiedBytes += bytes
        case .present: present += 1
        case .missing: missing.append(step.hash)
        case .failed(let why): failed.append((step.hash, why))
        }
    }
}
