import Foundation
import Hummingbird
import WallCore
import WallStore

/// Saves a `multipart/form-data` share: one code path for `POST /v1/share`, `/api/save` and the
/// web share target.
///
/// The files stream into blob uploads; their types are read from their bytes; only when every
/// file is accepted are the blobs committed and the items stored, in one transaction. A refusal
/// at any step stores no item (blobs committed before a failed transaction are swept later).
struct FileShareSaver: Sendable {
    let store: any WallStore
    let blobs: any BlobStore
    let maxFileBytes: Int64
    /// The jobs each new item gets (`thumbnail` for images and files).
    let followUps: FollowUpPolicy
    /// The multipart shares with files each user is sending, on every upload route
    /// (`Limits.maxConcurrentUploadsPerUser`; one more is 429 before a file byte is read).
    let uploads = ConcurrencyLimiter<UUID>(limit: Limits.maxConcurrentUploadsPerUser, what: "uploads")

    /// The `boundary` of a `multipart/form-data` content type, or nil for any other type.
    static func boundary(of request: Request) -> String? {
        guard let contentType = request.headers[.contentType],
              let mediaType = MediaType(from: contentType), mediaType.isType(.multipartForm),
              let boundary = mediaType.parameter?.value, !boundary.isEmpty, mediaType.parameter?.name.lowercased() == "boundary"
        else { return nil }
        return boundary
    }

    /// Reads, checks and stores a `POST /v1/share` multipart share (a `metadata` part and `file`
    /// parts); `defaultSource` applies when the metadata names none.
    func save(
        _ request: Request, boundary: String, userID: UUID, defaultSource: ShareSource
    ) async throws -> (shareID: UUID, outcomes: [ShareOutcome]) {
        let slot = try uploads.acquire(userID)
        defer { slot.free() }
        let reader = MultipartShareReader(blobs: blobs, maxFileBytes: maxFileBytes)
        let received = try await reader.read(request.body, boundary: boundary)
        do {
            let metadata = try decodeMetadata(received.metadata ?? [], defaultSource: defaultSource)
            return (metadata.id, try await saveFiles(metadata, files: received.files, userID: userID))
        } catch {
            await received.abort()
            throw error
        }
    }

    /// Reads a browser's multipart form (the share target, the share page, `/api/save`): its text
    /// fields and its files, streamed to uploads under the same limits. `authorize` is asked, with
    /// the fields read so far, before the first file byte reaches the disk, and names the user
    /// sending; from then until the body has been read the upload holds one of that user's
    /// `Limits.maxConcurrentUploadsPerUser` places, as a `POST /v1/share` does (one more is 429,
    /// nothing kept). Store the files with `saveFiles(_:files:userID:)`, or `abort()` what was
    /// received.
    func readForm(
        _ request: Request, boundary: String, authorize: @escaping @Sendable (FormData) async throws -> UUID
    ) async throws -> ReceivedShare {
        let held = Locked<ConcurrencyLimiter<UUID>.Slot?>(nil)
        defer { held.withLock { $0?.free() } }
        let reader = MultipartShareReader(blobs: blobs, maxFileBytes: maxFileBytes, layout: .form) { [uploads] fields in
            let slot = try uploads.acquire(try await authorize(fields))
            held.withLock { $0 = slot }
        }
        return try await reader.read(request.body, boundary: boundary)
    }

    /// Checks the files' types and the metadata, then commits the blobs and stores one item per
    /// file in one transaction. On any refusal every upload is thrown away and no item is stored.
    func saveFiles(_ metadata: ShareRequest, files: [ReceivedFile], userID: UUID) async throws -> [ShareOutcome] {
        do {
            guard metadata.contentType == .image || metadata.contentType == .file else {
                throw APIError.validation(.invalid("contentType", "A multipart share is an image or a file share."))
            }
            let valid = try metadata.validated(attachmentCount: files.count)
            let committed = try await commit(files)
            return try await store.saveFileShare(
                ValidFileShare(metadata: valid, files: committed), userID: userID, followUps: followUps
            )
        } catch {
            for file in files { await file.abort() }
            throw error
        }
    }

    private func decodeMetadata(_ bytes: [UInt8], defaultSource: ShareSource) throws -> ShareRequest {
        do {
            var request = try WallCoders.decoder.decode(ShareRequest.self, from: Data(bytes))
            request.source = request.source ?? defaultSource
            return request
        } catch let error as DecodingError {
            let validation = error.validationError
            throw APIError.validation(ValidationError(validation.code, field: validation.field.map { "metadata.\($0)" } ?? "metadata", validation.message))
        }
    }

    /// Checks every file's type, then commits every blob (nothing is committed when one is refused).
    private func commit(_ files: [ReceivedFile]) async throws -> [ItemFile] {
        for (index, file) in files.enumerated() {
            let type = file.detectedType
            guard type.isAccepted else {
                let which = file.name.map { "'\($0)'" } ?? "File \(index + 1)"
                throw APIError.unsupportedMediaType(
                    "\(which) is \(type.mediaType); accepted are JPEG, PNG, GIF, WebP, HEIC/HEIF and PDF."
                )
            }
        }
        var committed: [ItemFile] = []
        for file in files {
            let ref = try await file.commit()
            committed.append(ItemFile(sha256: ref.hash.hex, size: ref.size, contentType: file.detectedType.mediaType, name: file.name))
        }
        return committed
    }
}
