import Foundation
import Testing
import WallCore

/// The search language, parsed once for every client and both stores.
@Suite struct SearchExpressionTests {
    private func parse(_ text: String) throws -> [[SearchTerm]] {
        try SearchExpression(parsing: text).clauses
    }

    private func day(_ text: String) -> SearchDay { SearchDay(Substring(text))! }

    @Test func wordsAndPhrasesAreClausesOfTheirOwn() throws {
        #expect(try parse("Banana  bread") == [[SearchTerm(.word("banana"))], [SearchTerm(.word("bread"))]])
        #expect(try parse("\"Total due\" 2026") == [[SearchTerm(.phrase(["total", "due"]))], [SearchTerm(.word("2026"))]])
        #expect(try parse("e-mail") == [[SearchTerm(.phrase(["e", "mail"]))]], "punctuation inside a word makes a phrase")
        #expect(try parse("\"unclosed phrase") == [[SearchTerm(.phrase(["unclosed", "phrase"]))]])
        #expect(try parse("  ... \"\" ").isEmpty, "punctuation alone asks for nothing")
    }

    @Test func everyOperatorReadsItsValue() throws {
        let expected: [(String, SearchCondition)] = [
            ("tag:tax", .tag("tax")), ("tag:\"to read\"", .tag("to read")), ("kind:PDF", .kind(.pdf)),
            ("kind:link", .kind(.link)), ("wall:Inbox", .wall("inbox")), ("site:www.GitHub.com", .site("github.com")),
            ("site:docs.swift.org", .site("docs.swift.org")), ("has:note", .has(.note)), ("has:tags", .has(.tags)),
            ("before:2026-01-31", .before(day("2026-01-31"))), ("after:2025-12-01", .after(day("2025-12-01"))),
            ("is:shared", .state(.shared)), ("TAG:x", .tag("x")),
        ]
        for (text, condition) in expected {
            #expect(try parse(text) == [[SearchTerm(condition)]], "\(text)")
        }
    }

    @Test func aLeadingMinusNegatesAnyTerm() throws {
        #expect(try parse("-tag:done -kind:link -\"old news\" -draft") == [
            [SearchTerm(.tag("done"), negated: true)], [SearchTerm(.kind(.link), negated: true)],
            [SearchTerm(.phrase(["old", "news"]), negated: true)], [SearchTerm(.word("draft"), negated: true)],
        ])
        #expect(try parse("a - b") == [[SearchTerm(.word("a"))], [SearchTerm(.word("b"))]], "a lone minus is punctuation")
    }

    @Test func orJoinsTheTermsBesideItIntoOneClause() throws {
        #expect(try parse("tag:tax OR tag:receipts kind:pdf") == [
            [SearchTerm(.tag("tax")), SearchTerm(.tag("receipts"))], [SearchTerm(.kind(.pdf))],
        ])
        #expect(try parse("a OR b OR -c") == [[SearchTerm(.word("a")), SearchTerm(.word("b")), SearchTerm(.word("c"), negated: true)]])
        #expect(try parse("cats or dogs") == [[SearchTerm(.word("cats"))], [SearchTerm(.word("or"))], [SearchTerm(.word("dogs"))]],
                "only a capital OR is the operator")
    }

    @Test func aWebAddressOrATimeIsTextNotAnOperator() throws {
        #expect(try parse("https://example.com/a") == [[SearchTerm(.phrase(["https", "example", "com", "a"]))]])
        #expect(try parse("10:30") == [[SearchTerm(.phrase(["10", "30"]))]])
    }

    @Test func eachMalformedSearchIsRefusedNamingWhatIsWrong() {
        let refused: [(String, String)] = [
            ("colour:red", "“colour:” is not a search operator"), ("kind:video", "kind: takes one of"),
            ("has:pictures", "has: takes one of"), ("is:read", "is: takes one of"), ("tag:", "tag: needs a value"),
            ("site:", "site: needs a value"), ("site:a..b", "site: takes a host"),
            ("site:http://x.org", "site: takes a host"), ("before:2026-02-30", "before: takes a day"),
            ("after:yesterday", "after: takes a day"), ("before:26-1-1", "before: takes a day"),
            ("OR cats", "OR needs a term"), ("cats OR", "OR needs a term"), ("cats OR OR dogs", "OR needs a term"),
        ]
        for (text, message) in refused {
            do {
                _ = try SearchExpression(parsing: text)
                Issue.record("\(text) was accepted")
            } catch let error as ValidationError {
                #expect(error.field == "q", "\(text)")
                #expect(error.message.contains(message), "\(text): \(error.message)")
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
    }

    @Test func aDayIsARealCalendarDayInUTC() throws {
        let first = try #require(SearchDay("2024-02-29"))
        #expect(first.start == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(first.end.timeIntervalSince(first.start) == 86_400)
        #expect(SearchDay("2023-02-29") == nil)
        #expect(SearchDay("2024-13-01") == nil)
        #expect(SearchDay("２０２４-01-01") == nil, "digits are ASCII digits")
    }
}

/// The language written back: what the web wall's chips show and link to.
@Suite struct SearchExpressionTextTests {
    @Test func aParsedSearchWrittenBackParsesToItself() throws {
        for text in [
            "banana \"ripe bananas\" -draft", "tag:\"to read\" OR tag:tax kind:pdf", "-site:github.com wall:inbox",
            "has:note -has:tags before:2026-01-31 after:2025-12-01 is:shared", "e-mail", "a OR b OR -c",
        ] {
            let expression = try SearchExpression(parsing: text)
            #expect(try SearchExpression(parsing: expression.text) == expression, "\(text) → \(expression.text)")
        }
    }

    @Test func clausesAreWrittenAsAPersonWouldTypeThem() throws {
        let expression = try SearchExpression(parsing: "Tag:Tax  OR kind:PDF   -\"Old  News\" after:2025-12-01")
        #expect(expression.text == "tag:Tax OR kind:pdf -\"old news\" after:2025-12-01")
        #expect(expression.removingClause(at: 0).text == "-\"old news\" after:2025-12-01")
        #expect(expression.removingClause(at: 2).text == "tag:Tax OR kind:pdf -\"old news\"")
    }
}
