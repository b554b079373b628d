import ArgumentParser
import Foundation
import ShareKit
import WallCore

/// Turns a `--file` path into shared content: its type read from its first bytes (as the server
/// reads it), refused here when the server would refuse it, so nothing doomed is queued.
enum FileContent {
    /// The content for the file at `path`.
    static func read(_ path: String) throws -> SharedContent {
        let url = URL(fileURLWithPath: path)
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw ValidationError("Can't read '\(path)'.")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: FileType.sniffLength)) ?? Data()
        let size = (try? handle.seekToEnd()).map(Int64.init) ?? 0
        let type = FileType.detect(head)
        guard type.isAccepted else {
            throw ValidationError("'\(path)' is \(type.mediaType); accepted are JPEG, PNG, GIF, WebP, HEIC/HEIF and PDF.")
        }
        let policy = ImagePolicy(canDownscale: false)
        if case .refuse(let reason) = policy.decide(.init(byteCount: size, isImage: type.isImage)) {
            throw ValidationError("'\(path)': \(reason)")
        }
        let file = AttachmentFile(source: .file(url), type: identifier(for: type.mediaType), filename: url.lastPathComponent)
        return type.isImage ? .image(file) : .file(file)
    }

    /// The type identifier ShareKit records for a media type.
    private static func identifier(for mediaType: String) -> TypeIdentifier {
        switch mediaType {
        case "image/jpeg": .jpeg
        case "image/png": .png
        case "image/gif": .gif
        case "image/heic", "image/heif": .heic
        case "application/pdf": .pdf
        default: TypeIdentifier(mediaType)
        }
    }
}
