import Foundation
import WallCore
import WallStore

/// Imports an archive made by `ExportArchive` for a person (`POST /v1/import/archive`): stores
/// its blobs, judges each item's file by the bytes it brought (`ArchiveFileCheck`), then stores
/// its walls and items in batches through `ImportRunner`, which lets image and file items name
/// only the blobs this archive brought. Items keep their ids, dates and order,
/// so an archive imported into an empty server reproduces the wall, files included, and
/// importing it again adds nothing.
public struct ArchiveImport: Sendable {
    /// Where the items go.
    public let store: any WallStore
    /// Where the archive's files go.
    public let blobs: any BlobStore
    /// Largest file the archive may bring (the server's upload limit).
    public let maxBlobBytes: Int64
    /// How long the blob sweeper keeps a blob no item refers to (`BlobSweeper`'s grace).
    public let sweepGrace: Duration

    /// Makes an importer.
    public init(store: any WallStore, blobs: any BlobStore, maxBlobBytes: Int64, sweepGrace: Duration = Limits.blobSweepGrace) {
        self.store = store
        self.blobs = blobs
        self.maxBlobBytes = maxBlobBytes
        self.sweepGrace = sweepGrace
    }

    /// Imports the archive at `archive` for `userID`; `enrich` asks for link previews of its links.
    public func run(_ archive: URL, userID: UUID, enrich: Bool) async throws -> ImportResponse {
        let started = ContinuousClock.now
        let (document, brought) = try await ArchiveReader(blobs: blobs, maxBlobBytes: maxBlobBytes).read(archive)
        let wallsByID = Dictionary(document.walls.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var results: [ImportResult] = []
        var entries: [ImportEntry] = []
        for item in document.items {
            guard let wall = wallsByID[item.wallId] else {
                results.append(ImportResult(id: item.id, status: .skipped, reason: "The item's wall is not in the export's list of walls."))
                continue
            }
            var file = item.file
            if let claimed = item.file {
                switch ArchiveFileCheck.check(claimed, kind: item.kind, types: brought) {
                case .success(let checked): file = checked
                case .failure(let refusal):
                    results.append(ImportResult(id: item.id, status: .skipped, reason: refusal.reason, field: "file"))
                    continue
                }
            }
            entries.append(ImportEntry(
                id: item.id, contentType: item.kind, url: item.url, text: item.text, title: item.title,
                userNote: item.userNote, wall: wall.isDefault ? nil : wall.slug, tags: item.tags,
                createdAt: item.createdAt, updatedAt: item.updatedAt, sharedAt: item.sharedAt, source: item.source,
                file: file
            ))
        }
        let walls = document.walls.filter { !$0.isDefault }.map { ImportWall(slug: $0.slug, name: $0.name, position: $0.position) }
        let runner = ImportRunner(store: store, uploadedBlobs: Set(brought.keys))
        var start = 0
        repeat {
            var batch = Array(entries[start..<min(entries.count, start + Limits.maxImportBatchEntries)])
            let vanished = try await vanishedBlobs(of: batch, since: started)
            results += batch.filter { vanished.contains($0.id) }.map {
                ImportResult(id: $0.id, status: .skipped, reason: Self.vanishedReason, field: "file")
            }
            batch.removeAll { vanished.contains($0.id) }
            let request = ImportRequest(walls: start == 0 ? walls : nil, entries: batch, enrich: enrich)
            results += try await runner.run(request, userID: userID).results
            start += Limits.maxImportBatchEntries
        } while start < entries.count
        try await restoreRecognitions(of: document.items, imported: results, userID: userID)
        return ImportResponse(results: results)
    }

    /// Records on each newly imported item the text the export says was recognised in its
    /// picture or scan (or why none was), cut to the server's limits, so it is searchable
    /// without recognising it again.
    private func restoreRecognitions(of items: [Item], imported results: [ImportResult], userID: UUID) async throws {
        let recognitions = Dictionary(items.compactMap { item -> (UUID, ItemRecognition)? in
            guard item.file != nil, item.recognizedText != nil || item.recognitionError != nil else { return nil }
            let text = item.recognizedText.map { String($0.prefix(Limits.maxRecognizedTextLength)) }
            let failure = item.recognitionError.map { String($0.prefix(Limits.maxRecognitionErrorLength)) }
            return (item.id, ItemRecognition(text: text, failure: failure))
        }, uniquingKeysWith: { first, _ in first })
        for result in results where result.status == .imported {
            guard let recognition = recognitions[result.id], let itemID = result.itemId else { continue }
            _ = try await store.recordRecognition(itemID: itemID, userID: userID, recognition, layerText: nil)
        }
    }

    /// Why an item whose file was swept during a long import is skipped.
    public static let vanishedReason = "Its file was removed while the archive was imported (for longer than the blob sweeper "
        + "keeps a file no item refers to); import the archive again to bring it."

    /// The entries of `batch` whose files are no longer stored: the archive's blobs are stored
    /// before its items, so an import running for longer than the sweeper's grace may have seen
    /// some swept (on any replica sharing the store). Checked before each batch is written once
    /// half the grace has passed (leaving the batch the other half); before that nothing can
    /// have gone, and nothing is checked.
    private func vanishedBlobs(of batch: [ImportEntry], since started: ContinuousClock.Instant) async throws -> Set<UUID> {
        guard ContinuousClock.now - started >= sweepGrace / 2 else { return [] }
        // Each blob is asked about once, however many of the batch's items share it.
        var stored: [BlobHash: Bool] = [:]
        var vanished = Set<UUID>()
        for entry in batch {
            for hex in entry.file?.blobHashes ?? [] {
                guard let hash = BlobHash(hex: hex) else { continue }
                if stored[hash] == nil { stored[hash] = try await blobs.size(of: hash) != nil }
                if stored[hash] == false { vanished.insert(entry.id) }
            }
        }
        return vanished
    }
}
