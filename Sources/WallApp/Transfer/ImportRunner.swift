import Foundation
import WallCore
import WallStore

/// Runs one import batch for a person: makes the walls it brings or names, checks each entry
/// with the share rules, stores the valid ones in one transaction, and says what became of each.
/// Used by `POST /v1/import` and the settings page's upload.
public struct ImportRunner: Sendable {
    /// Where the items go.
    public let store: any WallStore
    /// The blobs this request brought (an archive import's); an image or file entry is stored
    /// only when every blob it names is among them, so nobody can claim a file by its hash.
    public var uploadedBlobs: Set<String> = []

    /// Makes a runner over `store`; `uploadedBlobs` are the blobs the request brought (none for JSON batches).
    public init(store: any WallStore, uploadedBlobs: Set<String> = []) {
        self.store = store
        self.uploadedBlobs = uploadedBlobs
    }

    /// Refuses the whole batch (400, changing nothing) only for a malformed wall list or too many
    /// entries; a bad entry is skipped with its reason and the rest are stored.
    public func run(_ batch: ImportRequest, userID: UUID) async throws -> ImportResponse {
        guard batch.entries.count <= Limits.maxImportBatchEntries else {
            throw ValidationError.invalid("entries", "At most \(Limits.maxImportBatchEntries) entries fit in one import batch; send several.")
        }
        let declared = try validWalls(batch.walls ?? [])
        var results = [ImportResult?](repeating: nil, count: batch.entries.count)
        var valid: [(index: Int, entry: ValidImport)] = []
        var walls = WallResolver(store: store, userID: userID, declared: declared)
        // Declared walls are made even when no entry is on them (an empty wall is part of the export).
        for wall in batch.walls ?? [] { _ = try await walls.id(for: wall.slug) }
        for (index, entry) in batch.entries.enumerated() {
            do {
                let checked = try entry.validated()
                if let file = checked.file, !file.blobHashes.allSatisfy(uploadedBlobs.contains) {
                    throw ValidationError.invalid("file", "Files are imported with their bytes: send an archive (dwall export --with-files).")
                }
                if let ref = checked.share.wall {
                    valid.append((index, checked.resolving(wallID: try await walls.id(for: ref))))
                } else {
                    valid.append((index, checked))
                }
            } catch let error as ValidationError {
                results[index] = ImportResult(id: entry.id, status: .skipped, reason: error.message, field: error.field.map { "entries[\(index)].\($0)" })
            } catch let refusal as StoreError {
                results[index] = ImportResult(id: entry.id, status: .skipped, reason: Self.reason(refusal))
            }
        }
        let outcomes = try await store.importItems(valid.map(\.entry), userID: userID, enrich: batch.enrich ?? true)
        for ((index, _), outcome) in zip(valid, outcomes) {
            let id = batch.entries[index].id
            switch outcome {
            case .imported(let item): results[index] = ImportResult(id: id, status: .imported, itemId: item.id)
            case .duplicate(let itemID, let reason): results[index] = ImportResult(id: id, status: .duplicate, itemId: itemID, reason: reason)
            case .skipped(let reason): results[index] = ImportResult(id: id, status: .skipped, reason: reason)
            }
        }
        return ImportResponse(results: results.compactMap { $0 })
    }

    private static func reason(_ refusal: StoreError) -> String {
        switch refusal {
        case .tooManyWalls: "Its wall can't be made: you have as many walls as allowed (\(Limits.maxWallsPerUser))."
        case .slugTaken(let slug): "Its wall can't be made: the slug '\(slug)' is taken."
        default: "Its wall can't be used (\(refusal))."
        }
    }

    private func validWalls(_ walls: [ImportWall]) throws -> [String: ValidWallChange] {
        var result: [String: ValidWallChange] = [:]
        for (index, wall) in walls.enumerated() {
            do {
                var change = try WallCreateRequest(name: wall.name, slug: wall.slug).validated()
                if let position = wall.position {
                    guard (0...Limits.maxWallsPerUser).contains(position) else {
                        throw ValidationError.invalid("position", "position must be between 0 and \(Limits.maxWallsPerUser).")
                    }
                    change.position = position
                }
                result[change.slug ?? wall.slug] = change
            } catch let error as ValidationError {
                throw ValidationError(error.code, field: "walls[\(index)].\(error.field ?? "name")", error.message)
            }
        }
        return result
    }
}
