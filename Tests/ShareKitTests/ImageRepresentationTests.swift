import Foundation
import ShareKit
import Testing
import WallCore

/// Which way the extension loads a picture, and what it is called; pictures over the server's
/// limit are left out with the reason before Save.
@Suite struct ImageRepresentationTests {
    @Test func encodedFormatsComeFirstAsFilesThenBytesThenTheImageObject() {
        let plan = ImageRepresentation.plan(for: [.image, .heic, .jpeg])
        #expect(plan == [.file(.heic), .data(.heic), .file(.jpeg), .data(.jpeg), .file(.image), .data(.image), .object])
    }

    @Test func aPictureOfferedOnlyAsAnImageObjectIsLoadedAsTheObjectLast() {
        // The screenshot editor and some apps offer a UIImage registered as public.image alone.
        #expect(ImageRepresentation.plan(for: [.image]) == [.file(.image), .data(.image), .object])
    }

    @Test func nothingToPlanWithoutAPicture() {
        #expect(ImageRepresentation.plan(for: [.url, .plainText, .pdf]).isEmpty)
        #expect(ImageRepresentation.plan(for: [TypeIdentifier("com.example.unknown")]).isEmpty)
    }

    @Test func filesAreNamedAfterTheSuggestedNameWithTheirFormatsExtension() {
        #expect(ImageRepresentation.file(.heic).filename(suggested: "IMG_0042") == "IMG_0042.heic")
        #expect(ImageRepresentation.data(.jpeg).filename(suggested: "IMG_0042.HEIC") == "IMG_0042.jpeg")
        #expect(ImageRepresentation.object.filename(suggested: nil) == "Picture.jpeg")
        #expect(ImageRepresentation.object.filename(suggested: "Screenshot 2026-11-24") == "Screenshot 2026-11-24.jpeg")
        #expect(ImageRepresentation.file(.image).filename(suggested: "scan.png") == "scan.png", "an abstract type keeps the name's extension")
        #expect(ImageRepresentation.file(.png).filename(suggested: "../../etc/passwd") == "passwd.png", "never a path")
        #expect(ImageRepresentation.file(.png).filename(suggested: ".hidden") == "Picture.png")
    }

    @Test func closingRemovesTheLoadedPicturesFoldersAndNothingElse() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pictures = [ImageRepresentation.newTemporaryFolder(in: folder.url), ImageRepresentation.newTemporaryFolder(in: folder.url)]
        for picture in pictures {
            try FileManager.default.createDirectory(at: picture, withIntermediateDirectories: true)
            try Data([1]).write(to: picture.appendingPathComponent("IMG_1.heic"))
        }
        let others = ["Shared-notes.txt", "Shared-", "other"]
        for name in others { try Data([2]).write(to: folder.url.appendingPathComponent(name)) }
        #expect(ImageRepresentation.removeTemporaryFolders(in: folder.url) == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == others.sorted())
    }

    @Test func aPictureFileLoadedForAnAbstractTypeGetsItsFormatFromItsName() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("Picture.jpeg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: file)
        let provider = StubProvider("public.image", .url(file))
        let result = await AttachmentExtractor().extract(from: [provider])
        #expect(result.contents == [.image(AttachmentFile(source: .file(file), type: .jpeg, filename: "Picture.jpeg"))])
        #expect(TypeTable.standard.mimeType(for: .jpeg) == "image/jpeg", "so it is uploaded as a JPEG, not octet-stream")
    }

    @Test func aFilmOverTheServersLimitIsLeftOutWithItsSizeBeforeSave() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let film = folder.url.appendingPathComponent("clip.mov")
        #expect(FileManager.default.createFile(atPath: film.path, contents: nil))
        let handle = try FileHandle(forWritingTo: film)
        try handle.truncate(atOffset: UInt64(Limits.defaultMaxUploadBytes) + 1)
        try handle.close()
        let small = AttachmentFile(source: .data(Data(count: 10)), type: .jpeg, filename: "a.jpg")
        let extraction = Extraction(contents: [
            .link(URL(string: "https://example.com")!, title: nil),
            .file(AttachmentFile(source: .file(film), type: .quickTimeMovie, filename: "clip.mov")),
            .image(small),
        ]).refusingFiles()
        #expect(extraction.contents == [.link(URL(string: "https://example.com")!, title: nil), .image(small)])
        #expect(extraction.skipped == [SkippedAttachment(
            index: 1, typeIdentifiers: ["com.apple.quicktime-movie"],
            reason: .tooLarge(filename: "clip.mov", bytes: Limits.defaultMaxUploadBytes + 1, limit: Limits.defaultMaxUploadBytes)
        )])
        #expect(ContentPreview(extraction).skippedNote == "“clip.mov” is 26 MB; Digital Wall takes files up to 25 MB, so it is left out.")
    }

    @Test func aFileExactlyAtTheLimitIsKept() {
        let file = AttachmentFile(source: .data(Data(count: 1_000)), type: .pdf, filename: "a.pdf")
        #expect(Extraction(contents: [.file(file)]).refusingFiles(over: 1_000).skipped.isEmpty)
        #expect(Extraction(contents: [.file(file)]).refusingFiles(over: 999).contents.isEmpty)
    }

    @MainActor @Test func whenOnlyTheTooLargeFilmWasSharedTheSheetSaysWhy() {
        let film = AttachmentFile(source: .data(Data(count: 2_000)), type: .movie, filename: "long.mov")
        let extraction = Extraction(contents: [.file(film)]).refusingFiles(over: 1_000)
        let model = ComposeModel(extraction: extraction, delivery: StubDelivery { share, _ in StubDelivery.saved(share) }, memory: InMemoryWallMemory())
        #expect(model.blocker == .nothingToShare)
        #expect(model.presentation?.headline == "Nothing to save")
        #expect(model.presentation?.detail == "“long.mov” is 1 MB; Digital Wall takes files up to 1 MB, so it is left out.")
    }
}
