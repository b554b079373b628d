import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore
import WallStore

/// `POST /v1/share` with files, and `GET /v1/items/{id}/file`: types from the bytes, limits,
/// multi-file atomicity, idempotency, serving with ranges and the right headers.
@Suite struct FileShareTests {
    @Test func imagesAndPDFsBecomeItemsWithTheirDetectedTypes() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let jpeg = try TestFiles.jpegWithEXIF()
            let answer = try await client.shareFiles(
                [("photo.jpg", jpeg), ("shot.png", try TestFiles.png()), ("receipt.pdf", TestFiles.pdf())],
                token: token, note: "from the trip"
            )
            let items = try #require(answer.items)
            #expect(items.map(\.kind) == [.image, .image, .file])
            #expect(items.map { $0.file?.contentType } == ["image/jpeg", "image/png", "application/pdf"])
            #expect(items.map { $0.file?.name } == ["photo.jpg", "shot.png", "receipt.pdf"])
            #expect(items[0].file?.size == Int64(jpeg.count))
            #expect(items.allSatisfy { $0.userNote == "from the trip" })
            #expect(answer.item == items[0])
            #expect(Set(try await client.allItems(token: token).map(\.id)) == Set(items.map(\.id)))

            let file = try await client.itemFile(items[0].id, token: token)
            #expect(file.status == .ok)
            #expect(Array(file.body.readableBytesView) == jpeg)
            #expect(file.headers[.contentType] == "image/jpeg")
            #expect(file.headers[.xContentTypeOptions] == "nosniff")
            #expect(file.headers[.contentDisposition]?.hasPrefix("inline") == true)
            let pdf = try await client.itemFile(items[2].id, token: token)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(pdf.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"receipt.pdf\"") == true)
        }
    }

    @Test func aPictureIsToldItsThumbnailIsComingNotAPreview() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let picture = try await client.shareFiles([("shot.png", try TestFiles.png())], token: token)
            let pdf = try await client.shareFiles([("receipt.pdf", TestFiles.pdf())], token: token)

            #expect(picture.status == .queued)
            #expect(picture.message == "Saved; the thumbnail is on its way.")
            #expect(pdf.message == "Saved; the preview is on its way.")
        }
    }

    @Test func aTextFileNamedJPGIsRefusedWithItsDetectedTypeAndNothingIsStored() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let form = try TestMultipart.share([
                ("fine.png", try TestFiles.png()), ("notes.jpg", Array("just some text\n".utf8)),
            ])
            let response = try await client.shareFiles(form, token: token)
            let body = try expectError(response, .unsupportedMediaType, .unsupportedMediaType)
            #expect(body.error.message.contains("text/plain"))
            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
        }
    }

    @Test func svgIsRefused() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8)
            let response = try await client.shareFiles(try TestMultipart.share([("x.svg", svg)]), token: token)
            let body = try expectError(response, .unsupportedMediaType, .unsupportedMediaType)
            #expect(body.error.message.contains("image/svg+xml"))
        }
    }

    @Test func aFilePastTheLimitIsRefusedWith413AndNothingIsStored() async throws {
        try await TestServer.run(configure: { $0.maxUploadBytes = 100_000 }) { server, client in
            let token = try await client.signIn("alice")
            var big = try TestFiles.png()
            big += [UInt8](repeating: 0, count: 100_001 - big.count)
            let form = try TestMultipart.share([("small.png", try TestFiles.png()), ("big.png", big)])
            let response = try await client.shareFiles(form, token: token)
            try expectError(response, .contentTooLarge, .tooLarge, field: "file")
            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)

            let exact = big.dropLast()
            #expect(try await client.shareFiles([("exact.png", Array(exact))], token: token).items?.count == 1)
        }
    }

    @Test func moreThanTenFilesAreRefused() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let png = try TestFiles.png()
            let form = try TestMultipart.share((0...Limits.maxFilesPerShare).map { ("\($0).png", png) })
            try expectError(try await client.shareFiles(form, token: token), .badRequest, .invalidField, field: "file")
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }

    @Test func badMetadataAndMissingPartsAreRefused() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            var noFiles = TestMultipart()
            noFiles.add(name: "metadata", Array(#"{"id":"\#(UUID())","contentType":"image"}"#.utf8))
            try expectError(try await client.shareFiles(noFiles, token: token), .badRequest, .missingField, field: "file")

            var noMetadata = TestMultipart()
            noMetadata.add(name: "file", filename: "a.png", try TestFiles.png())
            try expectError(try await client.shareFiles(noMetadata, token: token), .badRequest, .missingField, field: "metadata")

            var broken = TestMultipart()
            broken.add(name: "metadata", Array("{nope".utf8))
            broken.add(name: "file", filename: "a.png", try TestFiles.png())
            try expectError(try await client.shareFiles(broken, token: token), .badRequest, .invalidJSON)

            var link = TestMultipart()
            link.add(name: "metadata", Array(#"{"id":"\#(UUID())","contentType":"url","url":"https://example.com"}"#.utf8))
            link.add(name: "file", filename: "a.png", try TestFiles.png())
            try expectError(try await client.shareFiles(link, token: token), .badRequest, .invalidField, field: "contentType")

            var truncated = try TestMultipart.share([("a.png", try TestFiles.png())])
            truncated.add(name: "file", filename: "b.png", [0x89])
            var headers: HTTPFields = [.contentType: truncated.contentType, .authorization: "Bearer \(token)"]
            headers[.contentType] = truncated.contentType
            let cut = try await client.execute(uri: "/v1/share", method: .post, headers: headers, body: .init(bytes: truncated.body))
            try expectError(cut, .badRequest, .invalidField)
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }

    @Test func theSameShareIDAgainAnswersTheSameItems() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let id = UUID()
            let files = [("a.png", try TestFiles.png()), ("b.pdf", TestFiles.pdf())]
            let first = try await client.shareFiles(files, token: token, id: id)
            let again = try await client.shareFiles(try TestMultipart.share(files, id: id), token: token)
            #expect(again.status == .ok)
            #expect(try again.decode(ShareResponse.self).items?.map(\.id) == first.items?.map(\.id))
            #expect(try await client.allItems(token: token).count == 2)

            let other = try await client.shareFiles(try TestMultipart.share([("c.png", try TestFiles.png(width: 41))], id: id), token: token)
            try expectError(other, .conflict, .conflict)
        }
    }

    @Test func filesAreOnlyTheOwnersAndServedWithETagsAndRanges() async throws {
        try await TestServer.run(users: ["alice", "bob"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let pdf = TestFiles.pdf()
            let item = try #require(try await client.shareFiles([("r.pdf", pdf)], token: alice).items?.first)

            #expect(try await client.itemFile(item.id, token: bob).status == .notFound)
            #expect(try await client.itemFile(UUID(), token: alice).status == .notFound)

            let whole = try await client.itemFile(item.id, token: alice)
            let etag = try #require(whole.headers[.eTag])
            #expect(whole.headers[.cacheControl]?.contains("private") == true)
            #expect(try await client.itemFile(item.id, token: alice, headers: [.ifNoneMatch: etag]).status == .notModified)
            let weakInAList: HTTPFields = [.ifNoneMatch: "\"other\", W/\(etag)"]
            #expect(try await client.itemFile(item.id, token: alice, headers: weakInAList).status == .notModified)
            #expect(try await client.itemFile(item.id, token: alice, headers: [.ifNoneMatch: "\"other\""]).status == .ok)

            let part = try await client.itemFile(item.id, token: alice, headers: [.range: "bytes=5-14"])
            #expect(part.status == .partialContent)
            #expect(Array(part.body.readableBytesView) == Array(pdf[5...14]))
            #expect(part.headers[.contentRange] == "bytes 5-14/\(pdf.count)")
            let tail = try await client.itemFile(item.id, token: alice, headers: [.range: "bytes=-6"])
            #expect(Array(tail.body.readableBytesView) == Array(pdf.suffix(6)))
            let past = try await client.itemFile(item.id, token: alice, headers: [.range: "bytes=\(pdf.count)-"])
            #expect(past.status == .rangeNotSatisfiable)
            #expect(past.headers[.contentRange] == "bytes */\(pdf.count)")
        }
    }

    @Test func thumbnailsFollowTheEXIFOrientationAndCarryNoLocation() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            // 64 × 32 pixels, EXIF orientation 6 (rotate 90° clockwise), with a GPS position.
            let jpeg = try TestFiles.jpegWithEXIF(width: 64, height: 32, orientation: 6)
            #expect(TestFiles.hasEXIF(jpeg))
            let shared = try #require(try await client.shareFiles([("photo.jpg", jpeg)], token: token).items?.first)
            #expect(shared.state == .pending)
            #expect(try await client.itemFile(shared.id, "thumbnail", token: token).status == .notFound)

            let item = try await client.processedItem(shared.id, token: token)
            #expect(item.state == .ready)
            #expect(item.file?.width == 32 && item.file?.height == 64)
            for rendition in ["thumbnail", "preview"] {
                let response = try await client.itemFile(item.id, rendition, token: token)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                let bytes = Array(response.body.readableBytesView)
                let size = try #require(TestFiles.jpegSize(bytes))
                #expect(size.width == 32 && size.height == 64, "\(rendition) is \(size.width)×\(size.height)")
                #expect(!TestFiles.hasEXIF(bytes))
                #expect(!TestFiles.contains(bytes, TestFiles.gpsLatitude))
            }
            // The original is served as it was shared (it is the person's own file).
            #expect(Array(try await client.itemFile(item.id, token: token).body.readableBytesView) == jpeg)
        }
    }

    @Test func aPDFGetsItsFirstPageAsPreviewAndItsTextForSearch() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let shared = try #require(
                try await client.shareFiles([("receipt.pdf", TestFiles.pdf(text: "Receipt for one quokka"))], token: token).items?.first
            )
            let item = try await client.processedItem(shared.id, token: token)
            #expect(item.state == .ready)
            #expect(item.text?.contains("quokka") == true)
            let preview = try await client.itemFile(item.id, "preview", token: token)
            #expect(preview.status == .ok)
            let size = try #require(TestFiles.jpegSize(Array(preview.body.readableBytesView)))
            #expect(size.width > size.height)
            let found = try await client.allItems(token: token, query: "q=quokka")
            #expect(found.map(\.id) == [item.id])
        }
    }

    @Test func aBrokenImageIsMarkedFailedAndKeepsItsFile() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let broken = [UInt8](try TestFiles.png().prefix(40))
            let shared = try #require(try await client.shareFiles([("broken.png", broken)], token: token).items?.first)
            let item = try await client.processedItem(shared.id, token: token)
            #expect(item.state == .failed)
            #expect(Array(try await client.itemFile(item.id, token: token).body.readableBytesView) == broken)
        }
    }

    @Test func blobsNoItemRefersToAreSweptAndSharedOnesKept() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let png = try TestFiles.png()
            let first = try #require(try await client.shareFiles([("a.png", png)], token: token).items?.first)
            let second = try #require(try await client.shareFiles([("same.png", png)], token: token).items?.first)
            #expect(first.file?.sha256 == second.file?.sha256)
            // Let both thumbnail jobs finish, so no rendition is written after the deletes.
            let processed = try await client.processedItem(first.id, token: token)
            _ = try await client.processedItem(second.id, token: token)
            let stored = try #require(processed.file).blobHashes
            #expect(try await storedBlobCount(server) == Set(stored).count)
            #expect(try await client.send(.delete, "/v1/items/\(first.id)", token: token).status == .noContent)

            let references: @Sendable () async throws -> Set<BlobHash> = {
                try await server.withStore { Set(try await $0.referencedBlobHashes().compactMap(BlobHash.init(hex:))) }
            }
            try await withBlobs(server) { (blobs: any BlobStore) async throws -> Void in
                let unreferenced = UnreferencedBlobs()
                func sweeper(after hours: Double) -> BlobSweeper {
                    BlobSweeper(
                        blobs: blobs, grace: Limits.blobSweepGrace, clock: { Date().addingTimeInterval(hours * 3_600) },
                        unreferenced: unreferenced, references: references
                    )
                }
                #expect(try await sweeper(after: 2).sweep().isEmpty)
                #expect(try await client.send(.delete, "/v1/items/\(second.id)", token: token).status == .noContent)
                let now = BlobSweeper(blobs: blobs, grace: Limits.blobSweepGrace, references: references)
                #expect(try await now.sweep().isEmpty)
                // Unreferenced from the next sweep on: removed a grace after that, not at once.
                #expect(try await sweeper(after: 2).sweep().isEmpty)
                #expect(Set(try await sweeper(after: 4).sweep().map(\.hex)) == Set(stored))
            }
            #expect(try await storedBlobCount(server) == 0)
        }
    }
}
