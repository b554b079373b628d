import Foundation
import WallCore

/// How the share extension loads a document or a film (a PDF, a movie, any file that is not a
/// picture): as the system's file (`loadFileRepresentation`), never its bytes in memory
/// (`loadItem` may hand over a whole film as `Data`, past the extension's memory limit), and
/// measured before it is copied, so a file over the server's limit is refused with its size
/// before anything is read.
public enum FileRepresentation {
    /// Whether `type` is loaded this way: data, but neither a picture (`ImageRepresentation`),
    /// text, a link nor Safari's page payload, which `loadItem` hands over as small values.
    public static func loadsAsFile(_ type: TypeIdentifier, table: TypeTable = .standard) -> Bool {
        table.conforms(type, to: .data)
            && ![TypeIdentifier.image, .text, .url, .propertyList].contains { table.conforms(type, to: $0) }
    }

    /// Copies the system's file at `source` (removed once its handler returns) into a fresh
    /// folder in `temporaryDirectory`, named as the sharing app suggested with the extension of
    /// `type`; throws `.tooLarge` without copying when it is over `limit` bytes.
    public static func copy(
        _ source: URL, type: TypeIdentifier, suggestedName: String?, into temporaryDirectory: URL,
        limit: Int64 = Limits.defaultMaxUploadBytes
    ) throws(SkippedAttachment.Reason) -> URL {
        let filename = suggestedName.map { ImageRepresentation.file(type).filename(suggested: $0) } ?? source.lastPathComponent
        let measured = AttachmentFile(source: .file(source), type: type, filename: filename).byteCount
        guard let bytes = measured else { throw .loadFailed("The shared file \(filename) could not be read.") }
        guard bytes <= limit else { throw .tooLarge(filename: filename, bytes: bytes, limit: limit) }
        let folder = ImageRepresentation.newTemporaryFolder(in: temporaryDirectory)
        let destination = folder.appendingPathComponent(filename)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: destination)
        } catch {
            throw .loadFailed("The shared file \(filename) could not be copied: \(error.localizedDescription)")
        }
        return destination
    }
}
