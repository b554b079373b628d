import Foundation
import Testing
import WallCore
import WallStore

/// A search pages the same whether it matches few items or many (SQLite starts from the index's
/// matches when there are at most 2,000 of them, else walks the wall newest first).
@Suite("Search plans")
struct SearchPlanStoreTests {
    @Test("A search with thousands of matches pages newest first, like one with a few", arguments: StoreFactory.all)
    func manyAndFewMatchesPageAlike(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            var common: [UUID] = []
            var rare: [UUID] = []
            for number in 0..<2_050 {
                let text = number % 100 == 7 ? "harbour lantern \(number) rarely" : "harbour lantern \(number)"
                let id = try await store.save(textShare(text), for: alice).item.id
                common.append(id)
                if number % 100 == 7 { rare.append(id) }
            }
            try await store.save(textShare("nothing of the sort"), for: alice)

            for (words, expected) in [("harb lantern", Array(common.reversed())), ("harbour rare", Array(rare.reversed()))] {
                var query = ItemQuery(limit: 30)
                query.search = try SearchExpression(parsing: words)
                var seen: [UUID] = []
                for _ in 0..<3 {
                    let page = try await store.items(matching: query, userID: alice.id)
                    seen += page.items.map(\.id)
                    guard let next = page.nextCursor else { break }
                    query.cursor = try ItemCursor(encoded: next)
                }
                #expect(seen == Array(expected.prefix(90)), "\(words)")
            }
        }
    }
}
