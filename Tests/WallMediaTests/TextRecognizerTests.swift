import Foundation
import Testing
import WallCore
@testable import WallMedia

/// Real Tesseract (Debian's `tesseract-ocr-eng`) on pictures drawn here with libvips' text
/// rendering (DejaVu Sans), read back through the same libvips decoding the server uses.
@Suite struct TextRecognizerTests {
    @Test func readsTheWordsOfADrawnPicture() throws {
        let path = try Self.write(try ImageRenderer.textImage("Invoice number 4721\nQuarterly harvest report"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try TextRecognizer().recognize(try ImageRenderer.greyPixels(of: path))
        #expect(text.contains("Invoice"))
        #expect(text.contains("4721"))
        #expect(text.contains("harvest"))
    }

    @Test func readsAJPEGScaledDownFirst() throws {
        let path = try Self.write(try ImageRenderer.textImage("Zebra crossing ahead", dpi: 400, jpeg: true))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pixels = try ImageRenderer.greyPixels(of: path, maxPixels: 400_000)
        #expect(pixels.width * pixels.height <= 400_000)
        #expect(try TextRecognizer().recognize(pixels).contains("Zebra"))
    }

    @Test func findsNothingInABlankPicture() throws {
        let blank = GreyPixels(bytes: [UInt8](repeating: 255, count: 600 * 400), width: 600, height: 400)
        #expect(try TextRecognizer().recognize(blank) == "")
    }

    @Test func cutsTheTextAtTheLimit() throws {
        let path = try Self.write(try ImageRenderer.textImage("Invoice number 4721"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try TextRecognizer().recognize(try ImageRenderer.greyPixels(of: path), limit: 7)
        #expect(text == "Invoice")
    }

    @Test func stopsWhenAskedToStop() throws {
        let path = try Self.write(try ImageRenderer.textImage("Invoice number 4721"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let stop = RecognitionStop()
        stop.stop()
        #expect(throws: RecognitionError.stopped) {
            try TextRecognizer().recognize(try ImageRenderer.greyPixels(of: path), stop: stop)
        }
    }

    @Test func stopsAtItsTimeBudget() throws {
        // A page of noise keeps Tesseract's layout analysis and classifier busy well past 1 ms.
        let path = try Self.write(try ImageRenderer.noiseImage(width: 1_500, height: 1_500, png: true))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: RecognitionError.tooSlow(.milliseconds(1))) {
            try TextRecognizer().recognize(try ImageRenderer.greyPixels(of: path), budget: .milliseconds(1))
        }
    }

    @Test func refusesALanguageThatIsNotInstalled() {
        let installed = TextRecognizer.installedLanguages()
        #expect(installed.contains("eng"))
        #expect(throws: RecognitionError.unknownLanguage("xyz", installed: installed)) { try TextRecognizer(languages: "eng+xyz") }
        #expect(throws: RecognitionError.unknownLanguage("../eng", installed: installed)) { try TextRecognizer(languages: "../eng") }
    }

    @Test func refusesABombBeforeDecodingIt() throws {
        // A PNG header claiming 40,000 × 40,000 pixels: refused from its size alone.
        let path = try Self.write(Self.pngHeader(width: 40_000, height: 40_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: MediaError.self) { try ImageRenderer.greyPixels(of: path) }
    }

    @Test func refusesATruncatedJPEG() throws {
        let whole = try ImageRenderer.textImage("Invoice number 4721", jpeg: true)
        let path = try Self.write(Array(whole.prefix(whole.count / 3)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: MediaError.self) {
            _ = try ImageRenderer.greyPixels(of: path)
        }
    }

    // MARK: Helpers

    static func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The signature and IHDR chunk of a grey 8-bit PNG of this size, with no pixel data.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
        let body: [UInt8] = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + body + bigEndian(crc32(body))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
