import Foundation
import Testing
import WallCore

@Suite struct SlugTests {
    // MARK: validate

    @Test(arguments: ["reading", "reading-list", "a", "2026", "a1-b2-c3", String(repeating: "z", count: Slug.maxLength)])
    func wellFormedSlugIsAccepted(slug: String) throws {
        #expect(try Slug.validate(slug) == slug)
    }

    @Test func surroundingSpacesAreTrimmed() throws {
        #expect(try Slug.validate("  reading-list ") == "reading-list")
    }

    @Test(arguments: [
        "", "   ", "Reading", "READING", "reading list", "reading_list", "reading--list", "-reading", "reading-",
        "-", "caf\u{E9}", "\u{FC}ber", "a/b", "a.b", "tab\tbed", String(repeating: "z", count: Slug.maxLength + 1),
    ])
    func malformedSlugIsRefused(slug: String) {
        let error = #expect(throws: ValidationError.self) { try Slug.validate(slug) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "slug")
    }

    @Test(arguments: [
        "123e4567-e89b-12d3-a456-426614174000",
        "00000000-0000-0000-0000-000000000000",
        UUID().uuidString.lowercased(),
    ])
    func uuidLookingSlugIsRefused(slug: String) {
        let error = #expect(throws: ValidationError.self) { try Slug.validate(slug) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "slug")
        #expect(error?.message.contains("wall id") == true)
    }

    @Test func almostAUUIDIsAccepted() throws {
        // One hex group too short: not parseable as an id, so it cannot be mistaken for one.
        let slug = "123e4567-e89b-12d3-a456-42661417400"
        #expect(try Slug.validate(slug) == slug)
    }

    @Test func errorNamesTheGivenField() {
        let error = #expect(throws: ValidationError.self) { try Slug.validate("Bad Slug", field: "wall") }
        #expect(error?.field == "wall")
        #expect(error?.message.hasPrefix("wall ") == true)
    }

    // MARK: make

    @Test(arguments: [
        ("Reading List!", "reading-list"),
        ("reading", "reading"),
        ("  Hello,   World  ", "hello-world"),
        ("C++ & Swift", "c-swift"),
        ("2026 Plans", "2026-plans"),
        ("snake_case_name", "snake-case-name"),
        ("already-a-slug", "already-a-slug"),
        ("--Leading and trailing--", "leading-and-trailing"),
        ("Caf\u{E9} Cr\u{E8}me", "cafe-creme"),
        ("\u{DC}ber N\u{E4}ive R\u{E9}sum\u{E9}", "uber-naive-resume"),
        ("Cafe\u{301}", "cafe"),
        ("Ma\u{F1}ana \u{2014} Ideas", "manana-ideas"),
    ])
    func slugIsMadeFromTheName(name: String, expected: String) {
        #expect(Slug.make(from: name) == expected)
    }

    @Test(arguments: ["", "   ", "!!!", "---", "\u{65E5}\u{672C}\u{8A9E}", "\u{1F4DA}\u{1F4DA}"])
    func nameWithNothingUsableBecomesWall(name: String) {
        #expect(Slug.make(from: name) == "wall")
    }

    @Test func uuidLookingNameGetsAPrefixedSlug() {
        let id = "123e4567-e89b-12d3-a456-426614174000"
        #expect(Slug.make(from: id.uppercased()) == "wall-\(id)")
    }

    @Test func longNameIsShortenedWithoutADanglingHyphen() {
        let name = String(repeating: "word ", count: 40)
        let slug = Slug.make(from: name)
        #expect(slug.count <= Slug.maxLength)
        #expect(slug.hasPrefix("word-word"))
        #expect(!slug.hasSuffix("-"))
    }

    @Test(arguments: [
        "Reading List!", "Caf\u{E9} Cr\u{E8}me", "", "\u{65E5}\u{672C}", String(repeating: "Long Title ", count: 30),
        "123e4567-e89b-12d3-a456-426614174000", "123E4567 E89B 12D3 A456 426614174000",
    ])
    func madeSlugAlwaysValidates(name: String) throws {
        let slug = Slug.make(from: name)
        #expect(try Slug.validate(slug) == slug)
    }
}
