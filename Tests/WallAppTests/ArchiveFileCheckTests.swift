import Foundation
import Testing
@testable import WallApp
import WallCore

/// What an archive's item keeps of its file is decided by the bytes the archive brought, not by
/// the document's claims (on plain values).
@Suite struct ArchiveFileCheckTests {
    static let original = String(repeating: "a1", count: 32)
    static let thumbnail = String(repeating: "b2", count: 32)
    static let png = FileType.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24))
    static let jpeg = FileType.detect([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 28))
    static let html = FileType.detect(Array("<html><script>alert(1)</script>".utf8))
    static let pdf = FileType.detect(Array("%PDF-1.7\n".utf8))

    static func file(type: String = "text/html", name: String? = "../../evil.html", thumbnail: String? = nil) -> ItemFile {
        ItemFile(sha256: original, size: 10, contentType: type, name: name, thumbnail: thumbnail)
    }

    @Test func theTypeComesFromTheBytesAndTheNameIsCleaned() throws {
        let checked = try ArchiveFileCheck.check(Self.file(), kind: .image, types: [Self.original: Self.png]).get()
        #expect(checked.contentType == "image/png")
        #expect(checked.name == "evil.html")
    }

    @Test func bytesTheServerWouldRefuseAsAnUploadAreRefused() {
        let result = ArchiveFileCheck.check(Self.file(type: "image/png"), kind: .image, types: [Self.original: Self.html])
        guard case .failure(let refusal) = result else { Issue.record("an HTML blob was kept as \(result)"); return }
        #expect(refusal.reason.contains("text/html"))
    }

    @Test func anItemThatSaysImageMustHoldAPictureAndAFileMustNot() {
        let pdfAsImage = ArchiveFileCheck.check(Self.file(type: "image/jpeg"), kind: .image, types: [Self.original: Self.pdf])
        let pictureAsFile = ArchiveFileCheck.check(Self.file(type: "application/pdf"), kind: .file, types: [Self.original: Self.jpeg])
        #expect((try? pdfAsImage.get()) == nil)
        #expect((try? pictureAsFile.get()) == nil)
        #expect((try? ArchiveFileCheck.check(Self.file(), kind: .file, types: [Self.original: Self.pdf]).get())?.contentType == "application/pdf")
    }

    @Test func aRenditionIsKeptOnlyWhenItsBytesAreAnInlinePicture() throws {
        let forged = Self.file(thumbnail: Self.thumbnail)
        let withHTML = try ArchiveFileCheck.check(forged, kind: .image, types: [Self.original: Self.png, Self.thumbnail: Self.html]).get()
        let withJPEG = try ArchiveFileCheck.check(forged, kind: .image, types: [Self.original: Self.png, Self.thumbnail: Self.jpeg]).get()
        let absent = try ArchiveFileCheck.check(forged, kind: .image, types: [Self.original: Self.png]).get()
        #expect(withHTML.thumbnail == nil)
        #expect(withJPEG.thumbnail == Self.thumbnail)
        #expect(absent.thumbnail == nil)
    }

    @Test func aBlobTheArchiveDidNotBringIsLeftForTheImportsOwnCheck() throws {
        let file = Self.file()
        #expect(try ArchiveFileCheck.check(file, kind: .image, types: [:]).get() == file)
    }
}
