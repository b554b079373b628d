import Foundation
import Testing
import WallCore

/// JSON string literals written by hand read back as the strings they were made from, with
/// exactly the escapes the format needs.
@Suite("JSON string literals")
struct JSONStringLiteralTests {
    @Test("Quotes, backslashes and control bytes are escaped, short where JSON has a short form; the rest is left as it is")
    func escapes() {
        #expect(literal("plain") == #""plain""#)
        #expect(literal("") == #""""#)
        #expect(literal("say \"hi\" \\ bye") == #""say \"hi\" \\ bye""#)
        #expect(literal("a\nb\rc\td") == #""a\nb\rc\td""#)
        #expect(literal("\u{0}\u{1}\u{1F}\u{7F}") == "\"\\u0000\\u0001\\u001f\u{7F}\"")
        #expect(literal("/ é ✓ 🧱") == "\"/ é ✓ 🧱\"", "slashes and non-ASCII characters are not escaped")
    }

    @Test("Random strings, control characters and escapes included, decode back to themselves")
    func randomStringsRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{8}", "\u{1F}",
                                     "\u{7F}", "é", "✓", "🧱", "\u{2028}"]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let value = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let decoded = try JSONDecoder().decode(String.self, from: Data(literal(value).utf8))
            #expect(decoded == value, "\(value.debugDescription) came back as \(decoded.debugDescription)")
        }
    }

    @Test("Appending adds to what is there")
    func appends() {
        var out = Array("[".utf8)
        JSONStringLiteral.append("x\"", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"["x\"""#)
    }

    private func literal(_ value: String) -> String {
        var out: [UInt8] = []
        JSONStringLiteral.append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
