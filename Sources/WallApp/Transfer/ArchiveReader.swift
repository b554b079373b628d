import Foundation
import WallCore
import WallStore
import ZIPFoundation

/// Reads an archive made by `ExportArchive`: stores every blob in it (checking each one's bytes
/// against its name) and returns the export document and the blobs it brought, each with the
/// type its first bytes show (the document's claims about a file are not trusted).
///
/// Anything wrong with the archive is a `ValidationError` naming the entry; blobs stored before
/// the fault are left for the blob sweeper (no item refers to them). ZIPFoundation hands an
/// entry's bytes to a synchronous callback, so each blob is extracted to a temporary file first
/// and then streamed into the (asynchronous) blob upload piece by piece.
struct ArchiveReader {
    let blobs: any BlobStore
    /// Largest blob accepted (the server's upload limit).
    let maxBlobBytes: Int64

    func read(_ url: URL) async throws -> (document: ExportDocument, blobs: [String: FileType]) {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ValidationError.invalid("archive", "This is not a zip archive.")
        }
        guard let documentEntry = archive[ExportArchive.documentName] else {
            throw ValidationError.missing("archive", "The archive holds no \(ExportArchive.documentName).")
        }
        let document = try readDocument(documentEntry, from: archive)
        var stored: [String: FileType] = [:]
        var total: Int64 = 0
        for entry in archive where entry.type == .file && entry.path.hasPrefix(ExportArchive.blobFolder) {
            let name = String(entry.path.dropFirst(ExportArchive.blobFolder.count))
            guard BlobHash(hex: name) != nil else {
                throw ValidationError.invalid("archive", "\(entry.path) is not named by a SHA-256 (64 lower-case hex digits).")
            }
            let (ref, type) = try await store(entry, from: archive, total: &total)
            guard ref.hash.hex == name else {
                throw ValidationError.invalid("archive", "\(entry.path) does not hold the bytes its name says.")
            }
            stored[name] = type
        }
        return (document, stored)
    }

    private func readDocument(_ entry: Entry, from archive: Archive) throws -> ExportDocument {
        var data = Data()
        do {
            _ = try archive.extract(entry) { piece in
                data.append(piece)
                guard data.count <= Limits.maxImportArchiveDocumentBytes else { throw TooLarge() }
            }
        } catch is TooLarge {
            throw ValidationError.invalid("archive", "\(entry.path) is larger than \(Limits.maxImportArchiveDocumentBytes) bytes.")
        } catch {
            throw ValidationError.invalid("archive", "\(entry.path) can't be read from the archive.")
        }
        do {
            let document = try WallJSON.decoder().decode(ExportDocument.self, from: data)
            guard document.format == ExportDocument.formatName, document.version == 1 else {
                throw ValidationError.invalid("archive", "\(entry.path) is not a version 1 Digital Wall export.")
            }
            return document
        } catch let error as DecodingError {
            throw ValidationError.invalid("archive", "\(entry.path) can't be read: \(error.validationError.message)")
        }
    }

    /// Stores one blob entry; returns it with the type its first bytes show.
    private func store(_ entry: Entry, from archive: Archive, total: inout Int64) async throws -> (BlobRef, FileType) {
        let extracted = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: extracted) }
        var written = total
        var size: Int64 = 0
        var head: [UInt8] = []
        do {
            guard FileManager.default.createFile(atPath: extracted.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
            let output = try FileHandle(forWritingTo: extracted)
            defer { try? output.close() }
            _ = try archive.extract(entry) { piece in
                written += Int64(piece.count)
                size += Int64(piece.count)
                guard size <= maxBlobBytes, written <= Limits.maxImportArchiveBytes else { throw TooLarge() }
                if head.count < FileType.sniffLength { head += piece.prefix(FileType.sniffLength - head.count) }
                try output.write(contentsOf: piece)
            }
        } catch is TooLarge {
            throw ValidationError.invalid("archive", "\(entry.path) is larger than the server takes (\(maxBlobBytes) bytes a file).")
        } catch {
            throw ValidationError.invalid("archive", "\(entry.path) can't be read from the archive (damaged?).")
        }
        total = written
        return (try await Self.upload(extracted, to: blobs), FileType.detect(head))
    }

    /// Streams a file into a new blob.
    private static func upload(_ file: URL, to blobs: any BlobStore) async throws -> BlobRef {
        let input = try FileHandle(forReadingFrom: file)
        defer { try? input.close() }
        let upload = try await blobs.beginUpload()
        do {
            while let piece = try input.read(upToCount: Limits.blobPieceBytes), !piece.isEmpty {
                try await upload.write(piece)
            }
            return try await upload.commit()
        } catch {
            await upload.abort()
            throw error
        }
    }

    private struct TooLarge: Error {}
}
