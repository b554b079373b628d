import Foundation
import Testing
@testable import WallStore

/// The nullable item columns written by hand read back as `JSONEncoder`'s encoding of them.
struct PostgresNullableItemColumnsTests {
    /// Text made of the characters JSON treats apart (quotes, backslashes, control characters,
    /// slashes) among plain, accented and astral ones.
    static func randomText(_ generator: inout some RandomNumberGenerator) -> String {
        let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{1}", "\u{1F}", "\u{7F}", "é", "ß", "日本", "🧱", "\u{2028}", "<", "&"]
        let length = Int.random(in: 0...12, using: &generator)
        return (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    /// An optional text, nil about a third of the time.
    static func maybe(_ generator: inout some RandomNumberGenerator) -> String? {
        Int.random(in: 0..<3, using: &generator) == 0 ? nil : randomText(&generator)
    }

    @Test("Random rows written by hand decode as JSONEncoder's encoding of them")
    func agreesWithJSONEncoder() throws {
        var generator = SystemRandomNumberGenerator()
        let encoder = JSONEncoder()
        for _ in 0..<2_000 {
            let row = PostgresNullableItemColumns(
                url: Self.maybe(&generator), canonicalURL: Self.maybe(&generator), title: Self.maybe(&generator),
                text: Self.maybe(&generator), note: Self.maybe(&generator),
                tags: (0..<Int.random(in: 0...3, using: &generator)).map { _ in Self.randomText(&generator) },
                file: Self.maybe(&generator)
            )
            let written = try #require(
                try JSONSerialization.jsonObject(with: Data(row.json.utf8)) as? NSDictionary, "\(row.json)"
            )
            let expected = try #require(try JSONSerialization.jsonObject(with: try encoder.encode(row)) as? NSDictionary)
            #expect(written == expected, "\(row.json)")
        }
    }

    @Test("Absent values are left out, and an empty row still carries its tags")
    func absentValuesAreLeftOut() {
        #expect(PostgresNullableItemColumns(tags: []).json == #"{"tags":[]}"#)
        #expect(
            PostgresNullableItemColumns(title: "A \"quoted\" \\ title\n", tags: ["x"]).json
                == #"{"title":"A \"quoted\" \\ title\n","tags":["x"]}"#
        )
    }
}
