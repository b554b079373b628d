import Foundation
import ShareKit
import Testing
import WallCore

/// Documents and films are loaded as the system's file, measured before anything is copied or
/// read, so a film over the server's limit is refused with its size, never held in memory.
@Suite struct FileRepresentationTests {
    /// Loads as ShareKit's NSItemProvider adapter does: the system's file, measured and copied.
    struct SystemFileProvider: AttachmentProvider {
        let registeredTypeIdentifiers: [String]
        let systemFile: URL
        let temporaryDirectory: URL
        let limit: Int64

        nonisolated(nonsending) func loadValue(forTypeIdentifier typeIdentifier: String) async throws -> LoadedValue {
            let type = TypeIdentifier(typeIdentifier)
            guard FileRepresentation.loadsAsFile(type) else { throw StubFailure(message: "\(typeIdentifier) is not a file") }
            return .url(try FileRepresentation.copy(systemFile, type: type, suggestedName: "Holiday", into: temporaryDirectory, limit: limit))
        }
    }

    static func file(bytes: Int, in folder: TemporaryDirectory) throws -> URL {
        let url = folder.url.appendingPathComponent("system-\(UUID().uuidString).tmp")
        try Data(repeating: 7, count: bytes).write(to: url)
        return url
    }

    @Test func documentsAndFilmsLoadAsFilesOtherValuesAsBefore() {
        #expect(FileRepresentation.loadsAsFile(.pdf))
        #expect(FileRepresentation.loadsAsFile(.quickTimeMovie) && FileRepresentation.loadsAsFile(.mpeg4Movie))
        #expect(!FileRepresentation.loadsAsFile(.jpeg), "pictures have ways of their own (ImageRepresentation)")
        #expect(!FileRepresentation.loadsAsFile(.plainText) && !FileRepresentation.loadsAsFile(.url))
        #expect(!FileRepresentation.loadsAsFile(.propertyList), "Safari's page payload is a small value")
    }

    @Test func aFileOverTheLimitIsRefusedWithItsSizeAndNothingIsCopied() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let film = try Self.file(bytes: 2_001, in: folder)
        let copies = folder.url.appendingPathComponent("tmp")
        #expect(throws: SkippedAttachment.Reason.tooLarge(filename: "Holiday.mov", bytes: 2_001, limit: 2_000)) {
            try FileRepresentation.copy(film, type: .quickTimeMovie, suggestedName: "Holiday", into: copies, limit: 2_000)
        }
        #expect(!FileManager.default.fileExists(atPath: copies.path), "measured, not copied")
    }

    @Test func aFileWithinTheLimitIsCopiedUnderItsSuggestedName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let document = try Self.file(bytes: 2_000, in: folder)
        let copy = try FileRepresentation.copy(document, type: .pdf, suggestedName: "Minutes", into: folder.url, limit: 2_000)
        #expect(copy.lastPathComponent == "Minutes.pdf")
        #expect(copy.deletingLastPathComponent().lastPathComponent.hasPrefix(ImageRepresentation.temporaryFolderPrefix), "removed with the pictures when the sheet closes")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: document))
    }

    @Test func theSheetSaysAFilmOverTheLimitIsTooLarge() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let film = SystemFileProvider(
            registeredTypeIdentifiers: [TypeIdentifier.quickTimeMovie.rawValue], systemFile: try Self.file(bytes: 4_000, in: folder),
            temporaryDirectory: folder.url, limit: 3_000
        )
        let document = SystemFileProvider(
            registeredTypeIdentifiers: [TypeIdentifier.pdf.rawValue], systemFile: try Self.file(bytes: 1_000, in: folder),
            temporaryDirectory: folder.url, limit: 3_000
        )
        let extraction = await AttachmentExtractor().extract(from: [film, document])
        #expect(extraction.skipped.map(\.reason) == [.tooLarge(filename: "Holiday.mov", bytes: 4_000, limit: 3_000)])
        guard case .file(let kept)? = extraction.contents.first else { Issue.record("\(extraction.contents)"); return }
        #expect(kept.filename == "Holiday.pdf" && kept.byteCount == 1_000)
    }
}
