import Testing
import WallCore

/// Types read from a file's first bytes.
@Suite struct FileTypeTests {
    private func type(_ bytes: [UInt8]) -> FileType { FileType.detect(bytes) }
    private func type(_ text: String) -> FileType { FileType.detect(Array(text.utf8)) }

    @Test func acceptsTheImageAndDocumentTypes() {
        #expect(type([0xFF, 0xD8, 0xFF, 0xE1, 0, 0]).mediaType == "image/jpeg")
        #expect(type([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]).mediaType == "image/png")
        #expect(type("GIF89a....").mediaType == "image/gif")
        #expect(type("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ").mediaType == "image/webp")
        #expect(type("\u{0}\u{0}\u{0}\u{18}ftypheic\u{0}\u{0}").mediaType == "image/heic")
        #expect(type("\u{0}\u{0}\u{0}\u{18}ftypmif1\u{0}\u{0}").mediaType == "image/heif")
        #expect(type("%PDF-1.7\n").mediaType == "application/pdf")
        for accepted in [type([0xFF, 0xD8, 0xFF]), type("GIF87a"), type("%PDF-1.4")] {
            #expect(accepted.isAccepted)
        }
        #expect(type("%PDF-1.4").isImage == false)
    }

    @Test func refusesEverythingElseNamingWhatItIs() {
        let svg = type("<svg xmlns=\"http://www.w3.org/2000/svg\">")
        #expect(svg.mediaType == "image/svg+xml" && !svg.isAccepted && !svg.isImage)
        #expect(type("just some text\n").mediaType == "text/plain")
        #expect(type("<!DOCTYPE html>").mediaType == "text/html")
        #expect(type([0x50, 0x4B, 0x03, 0x04]).mediaType == "application/zip")
        #expect(type("\u{0}\u{0}\u{0}\u{18}ftypisom\u{0}\u{0}").mediaType == "video/mp4")
        #expect(type([0, 1, 2, 3, 0xFE]).mediaType == "application/octet-stream")
        #expect(type([UInt8]()).mediaType == "application/x-empty")
        #expect(!type("just some text").isAccepted)
    }

    @Test func onlyRasterImagesAreShownInline() {
        #expect(FileType.isSafeInline("image/png"))
        #expect(!FileType.isSafeInline("image/svg+xml"))
        #expect(!FileType.isSafeInline("application/pdf"))
        #expect(!FileType.isSafeInline("image/heic"))
    }
}
