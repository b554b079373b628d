import Foundation
import Testing
import WallCore
import WallStore

/// The search language on both stores, one suite: every operator, its negation, `OR`, and
/// words beside them, over a wall of eight items made to tell each operator's edge apart (a
/// lookalike host, a day boundary, a shared wall's tags kept under its owner).
@Suite("Search language")
struct SearchLanguageStoreTests {
    /// The items, by letter, and whose search runs.
    struct Fixture {
        var alice: User
        var ids: [String: UUID]

        /// The letters of `found`, sorted, for readable failures.
        func letters(_ found: Set<UUID>) -> String {
            String(ids.filter { found.contains($0.value) }.keys.sorted().joined())
        }
    }

    static func day(_ text: String, hour: Int = 12) -> Date {
        let start = SearchDay(Substring(text))!.start
        return start.addingTimeInterval(Double(hour) * 3_600)
    }

    static let pdf = ItemFile(sha256: String(repeating: "a", count: 64), size: 1_000, contentType: "application/pdf", name: "invoice.pdf")
    static let png = ItemFile(sha256: String(repeating: "b", count: 64), size: 2_000, contentType: "image/png", name: "board.png")

    /// A: a github.com link with a note, tagged code, from mid-2025. B: a docs.github.com link on
    /// the wall `work`. C: a lookalike host, tagged code. D: a banana bread passage, tagged
    /// recipe. E: a PDF tagged tax, from the last day of 2025. F: a picture from the first instant
    /// of 2026. G: bob's link on his wall shared with alice, tagged travel by bob. H: alice's
    /// passage on her wall shared with bob.
    static func fixture(_ store: any WallStore) async throws -> Fixture {
        let alice = try await store.newUser()
        let bob = try await store.newUser()
        _ = try await store.newWall("Work", slug: "work", for: alice)
        let trip = try await store.newSharedWall("Trip", slug: "trip", for: bob, member: alice)
        let family = try await store.newSharedWall("Family", slug: "family", for: alice, member: bob)
        func entry(_ kind: ItemKind, url: String? = nil, text: String? = nil, title: String, note: String? = nil,
                   wall: String? = nil, tags: [String]? = nil, created: Date, file: ItemFile? = nil) throws -> ValidImport {
            try ImportEntry(
                id: UUID(), contentType: kind, url: url, text: text, title: title, userNote: note, wall: wall, tags: tags,
                createdAt: created, file: file
            ).validated()
        }
        let entries = try [
            entry(.url, url: "https://github.com/swift/async", title: "Swift concurrency", note: "read later",
                  tags: ["code"], created: day("2025-06-01")),
            entry(.url, url: "https://docs.github.com/en", title: "GitHub documentation", wall: "work", created: day("2026-02-10")),
            entry(.url, url: "https://notgithub.com/", title: "Lookalike", tags: ["code"], created: day("2026-03-01")),
            entry(.text, text: "Banana bread: 3 ripe bananas, 250 g flour", title: "Banana bread", tags: ["recipe"],
                  created: day("2026-01-15")),
            entry(.file, title: "Invoice 2026-114", tags: ["tax"], created: day("2025-12-31", hour: 23), file: pdf),
            entry(.image, title: "Whiteboard", created: day("2026-01-01", hour: 0), file: png),
        ]
        let outcomes = try await store.importItems(entries, userID: alice.id, enrich: false)
        var ids: [String: UUID] = [:]
        for (letter, outcome) in zip(["A", "B", "C", "D", "E", "F"], outcomes) {
            guard case .imported(let item) = outcome else { throw TestFailure("\(letter) was not imported: \(outcome)") }
            ids[letter] = item.id
        }
        ids["G"] = try await store.save(
            linkShare("https://example.org/harbour", title: "Harbour walk", wall: trip.slug, tags: ["travel"]), for: bob
        ).item.id
        ids["H"] = try await store.save(textShare("Grandma's album", wall: family.slug), for: alice).item.id
        return Fixture(alice: alice, ids: ids)
    }

    /// Each search and the letters it finds for alice.
    static let cases: [(String, String)] = [
        ("banana", "D"),
        ("\"ripe bananas\"", "D"),
        ("\"bananas ripe\"", ""),
        ("-banana kind:text", "H"),
        ("tag:code", "AC"),
        ("-tag:code", "BDEFGH"),
        ("tag:CODE", "AC"),
        ("tag:travel", "G"),
        ("tag:\"no such tag\"", ""),
        ("kind:link", "ABCG"),
        ("kind:text", "DH"),
        ("kind:image", "F"),
        ("kind:file", "E"),
        ("kind:pdf", "E"),
        ("-kind:pdf", "ABCDFGH"),
        ("wall:work", "B"),
        ("wall:trip", "G"),
        ("wall:nowhere", ""),
        ("-wall:nowhere", "ABCDEFGH"),
        ("site:github.com", "AB"),
        ("site:www.github.com", "AB"),
        ("site:docs.github.com", "B"),
        ("-site:github.com", "CDEFGH"),
        ("site:hub.com", ""),
        ("has:note", "A"),
        ("has:tags", "ACDEG"),
        ("-has:tags", "BFH"),
        ("has:file", "EF"),
        ("has:text", "DH"),
        ("before:2026-01-01", "AE"),
        ("after:2025-12-31", "BCDFGH"),
        ("after:2026-01-31", "BC"),
        ("-before:2026-01-01 -after:2026-01-31", "DFGH"),
        ("is:shared", "GH"),
        ("-is:shared", "ABCDEF"),
        ("tag:recipe OR kind:pdf", "DE"),
        ("banana OR invoice", "DE"),
        ("-banana OR tag:recipe", "ABCDEFGH"),
        ("tag:code OR tag:tax site:github.com", "A"),
        ("tag:tax -kind:link after:2025-01-01", "E"),
        ("swift tag:code has:note", "A"),
        ("github -site:github.com", ""),
    ]

    @Test("Every operator, its negation, OR and words find the same items on both stores", arguments: StoreFactory.all)
    func everyOperator(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let fixture = try await Self.fixture(store)
            for (search, expected) in Self.cases {
                let found = try await store.search(search, for: fixture.alice)
                #expect(fixture.letters(found) == expected, "\(search)")
            }
        }
    }

    @Test("An operator search pages newest first with a cursor, like a listing", arguments: StoreFactory.all)
    func operatorsPage(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            var saved: [UUID] = []
            for number in 0..<7 {
                let tags = number.isMultiple(of: 2) ? ["even"] : ["odd"]
                saved.append(try await store.save(textShare("note \(number)", tags: tags), for: alice).item.id)
            }
            var query = ItemQuery(search: try SearchExpression(parsing: "tag:even OR -has:tags"), limit: 2)
            var seen: [UUID] = []
            while true {
                let page = try await store.items(matching: query, userID: alice.id)
                seen += page.items.map(\.id)
                guard let next = page.nextCursor else { break }
                query.cursor = try ItemCursor(encoded: next)
            }
            #expect(seen == [saved[6], saved[4], saved[2], saved[0]])
        }
    }
}

/// A fixture that could not be made.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `tagCounts`: what the web wall completes `tag:` from.
@Suite("Tag counts")
struct TagCountStoreTests {
    @Test("A person's tags come most used first, ties by name, without anyone else's", arguments: StoreFactory.all)
    func mostUsedFirst(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            try await store.save(textShare("one", tags: ["tax", "Receipts"]), for: alice)
            try await store.save(textShare("two", tags: ["tax", "home"]), for: alice)
            try await store.save(textShare("three", tags: ["tax", "receipts", "b-side"]), for: alice)
            try await store.save(textShare("bob's", tags: ["tax", "bobs"]), for: bob)
            let counts = try await store.tagCounts(userID: alice.id, limit: 10)
            #expect(counts == [
                TagCount(name: "tax", count: 3), TagCount(name: "receipts", count: 2),
                TagCount(name: "b-side", count: 1), TagCount(name: "home", count: 1),
            ])
            #expect(try await store.tagCounts(userID: alice.id, limit: 2).map(\.name) == ["tax", "receipts"])
            #expect(try await store.tagCounts(userID: UUID(), limit: 10).isEmpty)
        }
    }
}
