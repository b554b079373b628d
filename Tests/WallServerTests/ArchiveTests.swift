import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore
import ZIPFoundation

/// `GET /v1/export?format=zip` and `POST /v1/import/archive`: our JSON with every file, and the
/// round trip into an empty server, files and renditions included.
@Suite struct ArchiveTests {
    @Test func anArchiveImportedIntoAnEmptyServerReproducesTheWallWithItsFiles() async throws {
        let jpeg = try TestFiles.jpegWithEXIF()
        let pdf = TestFiles.pdf()
        let (archive, original) = try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            _ = try await client.createWall("Ideas", slug: "ideas", token: token)
            try await client.shareLink("https://one.example/", token: token, title: "One", note: "a note", tags: ["a"])
            try await client.shareText("A passage", token: token, wall: "ideas")
            let files = try #require(try await client.shareFiles([("photo.jpg", jpeg), ("receipt.pdf", pdf)], token: token).items)
            for item in files { _ = try await client.processedItem(item.id, token: token) }
            let response = try await client.send(.get, "/v1/export?format=zip", token: token)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/zip")
            #expect(response.header("Content-Disposition")?.hasSuffix(".zip\"") == true)
            let document = try await client.send(.get, "/v1/export", token: token).decode(ExportDocument.self)
            return (response.data, document)
        }
        let photo = try #require(original.items.first { $0.kind == .image })
        #expect(photo.file?.thumbnail != nil, "the photo's thumbnail was made before the export")

        // The archive holds the JSON and every blob, by hash.
        let contents = try Archive(data: archive, accessMode: .read)
        let names = Set(contents.map(\.path))
        let hashes = Set(original.items.flatMap { $0.file?.blobHashes ?? [] })
        #expect(names == Set(["digitalwall.json"] + hashes.map { "blobs/\($0)" }))

        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let answer = try await client.importArchive(archive, token: token)
            #expect(answer.imported == original.items.count, "\(answer.results)")
            let copy = try await client.send(.get, "/v1/export", token: token).decode(ExportDocument.self)
            #expect(copy.walls.map(\.slug) == original.walls.map(\.slug))
            #expect(copy.items.count == original.items.count)
            for (before, after) in zip(original.items, copy.items) {
                var expected = before
                expected.wallId = after.wallId
                #expect(after == expected)
            }
            let file = try await client.itemFile(photo.id, token: token)
            #expect(Array(file.body.readableBytesView) == jpeg)
            let pdfItem = try #require(original.items.first { $0.kind == .file })
            #expect(Array(try await client.itemFile(pdfItem.id, token: token).body.readableBytesView) == pdf)
            #expect(try await client.itemFile(photo.id, "thumbnail", token: token).status == .ok)

            // The same archive again adds nothing.
            let again = try await client.importArchive(archive, token: token)
            #expect(again.imported == 0)
            #expect(again.duplicates == original.items.count)
        }
    }

    @Test func refusals() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let zipType: HTTPFields = [.contentType: "application/zip"]
            _ = try expectError(try await client.send(.post, "/v1/import/archive", body: "x", headers: zipType), .unauthorized, .unauthorized)
            _ = try expectError(
                try await client.send(.post, "/v1/import/archive", token: token, body: "{}", contentType: "application/json"),
                .unsupportedMediaType, .unsupportedMediaType
            )
            _ = try expectError(
                try await client.send(.post, "/v1/import/archive", token: token, body: "not a zip", contentType: "application/zip"),
                .badRequest, .invalidField, field: "archive"
            )

            // A blob whose bytes are not the ones its name says: refused, nothing stored.
            let real = Array("the real bytes".utf8)
            let hash = String(repeating: "ab", count: 32)
            let item = Self.fileItem(hash: hash, size: Int64(real.count))
            let lying = try Self.archive(document: Self.document([item]), blobs: [hash: real])
            _ = try expectError(try await client.importArchive(lying, token: token, expect: .badRequest), .badRequest, .invalidField, field: "archive")
            let noDocument = try Self.archive(document: nil, blobs: [:])
            _ = try expectError(try await client.importArchive(noDocument, token: token, expect: .badRequest), .badRequest, .missingField, field: "archive")
            #expect(try await client.allItems(token: token).isEmpty)

            // A file entry in a plain JSON batch can't claim a blob by its hash.
            let entry = ImportEntry(id: UUID(), contentType: .image, file: item.file)
            let batch = try await client.send(.post, "/v1/import", token: token, json: ImportRequest(entries: [entry]))
            let result = try batch.decode(ImportResponse.self)
            #expect(result.results.map(\.status) == [.skipped])
            #expect(result.results.first?.field == "entries[0].file")
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }

    @Test func anArchivesFilesAreJudgedByTheirBytesNotByTheDocument() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            // A page of HTML dressed as a photo, and a real PNG that claims to be HTML with a path for a name.
            let page = Array("<html><script>alert(document.cookie)</script></html>".utf8)
            let png = try TestFiles.png()
            let pageHash = SHA256.hash(data: page).map { String(format: "%02x", $0) }.joined()
            let pngHash = SHA256.hash(data: png).map { String(format: "%02x", $0) }.joined()
            var disguised = Self.fileItem(hash: pageHash, size: Int64(page.count))
            disguised.file?.contentType = "image/png"
            var mislabelled = Self.fileItem(hash: pngHash, size: Int64(png.count))
            mislabelled.wallId = disguised.wallId
            mislabelled.file?.contentType = "text/html"
            mislabelled.file?.name = "../../../index.html"
            mislabelled.file?.thumbnail = pageHash
            let archive = try Self.archive(document: Self.document([disguised, mislabelled]), blobs: [pageHash: page, pngHash: png])

            let answer = try await client.importArchive(archive, token: token)
            #expect(answer.results.map(\.status) == [.skipped, .imported], "\(answer.results.map { $0.reason ?? "" })")
            #expect(answer.results.first?.field == "file")
            let items = try await client.allItems(token: token)
            #expect(items.map(\.id) == [mislabelled.id])
            let stored = try #require(items.first?.file)
            #expect(stored.contentType == "image/png")
            #expect(stored.name == "index.html")
            #expect(stored.thumbnail != pageHash, "an HTML blob is never kept as a picture's thumbnail")
            let served = try await client.itemFile(mislabelled.id, token: token)
            #expect(served.headers[.contentType] == "image/png")
        }
    }

    // MARK: Helpers

    static func fileItem(hash: String, size: Int64) -> Item {
        var item = Item(
            id: UUID(), kind: .image, url: nil, title: nil, text: nil, userNote: nil, tags: [], wallId: UUID(),
            source: .cli, state: .ready, sharedAt: nil, createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            updatedAt: Date(timeIntervalSince1970: 1_700_000_000)
        )
        item.file = ItemFile(sha256: hash, size: size, contentType: "image/jpeg")
        return item
    }

    static func document(_ items: [Item]) -> ExportDocument {
        let wall = Wall(
            id: items.first?.wallId ?? UUID(), slug: "inbox", name: "Inbox", isDefault: true, position: 0,
            itemCount: items.count, createdAt: Date(timeIntervalSince1970: 1_700_000_000)
        )
        return ExportDocument(exportedAt: Date(timeIntervalSince1970: 1_700_000_000), walls: [wall], items: items)
    }

    /// A zip with the document (unless nil) and the given blobs under their names.
    static func archive(document: ExportDocument?, blobs: [String: [UInt8]]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        var files: [(String, Data)] = blobs.map { ("blobs/\($0.key)", Data($0.value)) }
        if let document { files.append(("digitalwall.json", try WallJSON.encoder().encode(document))) }
        for (name, data) in files {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try #require(archive.data)
    }
}

extension TestClientProtocol {
    /// `POST /v1/import/archive` with a zip; expects `expect` (200 unless told) and returns the response.
    func importArchive(_ archive: Data, token: String, expect status: HTTPResponse.Status) async throws -> TestResponse {
        let headers: HTTPFields = [.contentType: "application/zip", .authorization: "Bearer \(token)"]
        let response = try await execute(uri: "/v1/import/archive", method: .post, headers: headers, body: ByteBuffer(bytes: archive))
        #expect(response.status == status, "\(response.text)")
        return response
    }

    /// `POST /v1/import/archive` that must succeed; returns the answer.
    func importArchive(_ archive: Data, token: String) async throws -> ImportResponse {
        try await importArchive(archive, token: token, expect: .ok).decode(ImportResponse.self)
    }
}
