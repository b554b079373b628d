import Foundation
import Testing
@testable import WallCore

/// A shared link's unsafe characters are escaped as Foundation escapes them, whether or not the
/// link had any (the link with none is returned without asking Foundation).
@Suite struct URLEscapeTests {
    private func foundation(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: URLCanonicalizer.urlSafe) ?? text
    }

    @Test func everyASCIICharacterIsEscapedAsFoundationDoes() {
        for byte in UInt8(0)...UInt8(0x7F) {
            let text = "https://example.com/a" + String(UnicodeScalar(byte)) + "b"
            #expect(URLCanonicalizer.escapeUnsafeCharacters(text) == foundation(text), "byte \(byte)")
        }
    }

    @Test func linksWithAndWithoutUnsafeCharacters() {
        let links = [
            "https://example.com/bench/1/2/3", "https://example.com/a?b=c&d=e#f", "https://exämple.com/ü",
            "https://example.com/a b", "https://example.com/\"quoted\"", "https://example.com/🧱",
            "https://example.com/%20already", "", "https://example.com/{x}|y^z`",
        ]
        for link in links {
            #expect(URLCanonicalizer.escapeUnsafeCharacters(link) == foundation(link), "\(link)")
        }
        #expect(URLCanonicalizer.escapeUnsafeCharacters("https://example.com/a b") == "https://example.com/a%20b")
    }
}
