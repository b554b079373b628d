import Foundation
import NIOPosix
import WallCore
import WallMedia
import WallStore

/// The `recognize` job: reads the text in an image, or in the pages of a PDF that have no text
/// layer (at most `Limits.maxRecognizedPages`), with Tesseract, and records it on the item for
/// search, its page and its JSON. Enqueued by the thumbnail job once the item is ready, by the
/// catch-up after an upgrade and by a refresh; runs in a lane of its own, one recognition at a
/// time by default, so a backlog never slows saves or thumbnails.
///
/// Pictures are decoded and scaled down by libvips (`ImageRenderer.greyPixels`, bounded in pixels
/// and refusing truncated files) on NIO's blocking pool, each within Tesseract's time budget; a
/// picture that can't be read or takes too long records why on the item and ends the job for
/// good. Idempotent: running twice writes the same text.
struct RecognitionJob: Sendable {
    let store: any WallStore
    let blobs: any BlobStore
    let recognizer: TextRecognizer

    /// Whether recognition applies to an item with this file: images and PDFs.
    static func applies(to file: ItemFile) -> Bool {
        file.contentType.hasPrefix("image/") || file.contentType == "application/pdf"
    }

    /// Runs the job for its item; returns quietly when the item is gone or has no picture.
    func run(_ job: Job) async throws {
        guard let itemID = job.itemID, let userID = job.userID,
              let item = try await store.item(id: itemID, userID: userID), let file = item.file, Self.applies(to: file)
        else { return }
        guard let hash = BlobHash(hex: file.sha256), let local = try await blobs.localFile(for: hash) else {
            throw JobFailure.permanent("The item's file is missing from the blob store.")
        }
        defer { local.release() }
        let path = local.url.path
        let recognized: Recognized
        do {
            if file.contentType == "application/pdf" {
                recognized = try await pdf(at: path)
            } else {
                recognized = Recognized(text: try await picture(at: path))
            }
        } catch let error as MediaError {
            try await fail(itemID: itemID, userID: userID, error.description)
        } catch let error as RecognitionError where error != .stopped {
            try await fail(itemID: itemID, userID: userID, error.description)
        } catch RecognitionError.stopped {
            throw CancellationError()
        }
        let text = String(recognized.text.prefix(Limits.maxRecognizedTextLength))
        _ = try await store.recordRecognition(
            itemID: itemID, userID: userID, ItemRecognition(text: text, failure: nil), layerText: recognized.layerText
        )
    }

    /// What recognising one file found: its recognised text and, for a PDF, its text layer's.
    struct Recognized: Sendable {
        var text: String
        var layerText: String? = nil
    }

    /// Records why recognition failed on the item and ends the job for good.
    private func fail(itemID: UUID, userID: UUID, _ reason: String) async throws -> Never {
        _ = try await store.recordRecognition(
            itemID: itemID, userID: userID, ItemRecognition(text: nil, failure: reason), layerText: nil
        )
        throw JobFailure.permanent(reason)
    }

    /// The text of one picture (a GIF's first frame).
    private func picture(at path: String, page: Int? = nil) async throws -> String {
        let stop = RecognitionStop()
        return try await withTaskCancellationHandler {
            try await NIOThreadPool.singleton.runIfActive { [recognizer] in
                try recognizer.recognize(try ImageRenderer.greyPixels(of: path, page: page), stop: stop)
            }
        } onCancel: {
            stop.stop()
        }
    }

    /// The text of a PDF's first pages that have no text layer, and the text layer's words.
    private func pdf(at path: String) async throws -> Recognized {
        let pages = try await NIOThreadPool.singleton.runIfActive { try ImageRenderer.pageCount(of: path) }
        var texts: [String] = []
        var length = 0
        for page in 0..<min(pages, Limits.maxRecognizedPages) where length < Limits.maxRecognizedTextLength {
            if try await ThumbnailJob.pdfText(at: path, page: page + 1) != nil { continue }
            let text = try await picture(at: path, page: page)
            if text.isEmpty { continue }
            texts.append(text)
            length += text.count + 2
        }
        let layer = try await ThumbnailJob.pdfText(at: path)
        return Recognized(text: texts.joined(separator: "\n\n"), layerText: layer)
    }
}
