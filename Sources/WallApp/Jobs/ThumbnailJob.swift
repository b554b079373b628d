import Foundation
import NIOPosix
import WallCore
import WallMedia
import WallStore

/// The `thumbnail` job: makes an image's (or a PDF's first page's) thumbnail and preview (on
/// NIO's blocking pool), reads a PDF's text for search (`PDFText`, waiting without a thread), and
/// marks the item ready. Runs after the share was answered. With recognition on, it then
/// enqueues the item's `recognize` job (`RecognitionJob`) at its own priority, also after a
/// failure, so that the item says why no text was read.
///
/// Idempotent: renditions are content-addressed blobs, so running twice stores them once. A file
/// libvips can't read (a broken image, a HEIC it has no decoder for) marks the item `failed`; it
/// keeps its file and is still served.
struct ThumbnailJob: Sendable {
    let store: any WallStore
    let blobs: any BlobStore
    /// Whether text is recognised in pictures and scans (`recognize` jobs follow).
    var recognizes = false

    /// Runs the job for its item; returns quietly when the item is gone.
    func run(_ job: Job) async throws {
        guard let itemID = job.itemID, let userID = job.userID,
              let item = try await store.item(id: itemID, userID: userID), let file = item.file
        else { return }
        guard let hash = BlobHash(hex: file.sha256), let local = try await blobs.localFile(for: hash) else {
            throw JobFailure.permanent("The item's file is missing from the blob store.")
        }
        let made: Made
        let text: String?
        do {
            defer { local.release() }
            made = try await NIOThreadPool.singleton.runIfActive { try Self.make(path: local.url.path) }
            text = file.contentType == "application/pdf" ? try await Self.pdfText(at: local.url.path) : nil
        } catch let error as MediaError {
            _ = try await store.updateItemFile(id: itemID, userID: userID, file: file, text: nil, state: .failed)
            // Recognition refuses it too, and says why on the item.
            try await followUp(job, item: itemID, user: userID, file: file)
            throw JobFailure.permanent(error.description)
        }
        var processed = file
        processed.thumbnail = try await blobs.store(made.thumbnail.jpeg).hash.hex
        processed.preview = try await blobs.store(made.preview.jpeg).hash.hex
        processed.width = made.width
        processed.height = made.height
        _ = try await store.updateItemFile(id: itemID, userID: userID, file: processed, text: text, state: .ready)
        try await followUp(job, item: itemID, user: userID, file: file)
    }

    /// Enqueues the item's `recognize` job at this job's priority, when recognition is on and
    /// applies to the file.
    private func followUp(_ job: Job, item itemID: UUID, user userID: UUID, file: ItemFile) async throws {
        guard recognizes, RecognitionJob.applies(to: file) else { return }
        _ = try await store.jobs.enqueue([NewJob(kind: .recognize, itemID: itemID, userID: userID, priority: job.priority)])
    }

    /// The renditions the job makes of one file.
    struct Made: Sendable {
        var thumbnail: Rendition
        var preview: Rendition
        var width: Int
        var height: Int
    }

    /// A PDF's text for search (only page `page`'s, from 1, when given), nil when it can't be
    /// read (the item keeps its preview either way); throws only when the job is being stopped,
    /// so that it is given back rather than finished.
    static func pdfText(at path: String, page: Int? = nil) async throws -> String? {
        do {
            return try await PDFText.extract(path: path, first: page ?? 1, pages: page ?? 50, limit: Limits.maxTextLength)
        } catch {
            try Task.checkCancellation()
            return nil
        }
    }

    /// Renders both widths; blocks its thread.
    static func make(path: String) throws -> Made {
        let size = try ImageRenderer.dimensions(of: path)
        let thumbnail = try ImageRenderer.rendition(of: path, width: Limits.thumbnailWidth)
        let preview = try ImageRenderer.rendition(of: path, width: Limits.previewWidth)
        return Made(thumbnail: thumbnail, preview: preview, width: size.width, height: size.height)
    }
}
