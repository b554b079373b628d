import Foundation
import Testing
import WallCore
import WallStore

/// Saved searches (smart walls) on both stores: made with a free slug, listed by name, found by
/// id or slug, changed without moving their slug, deleted, each person's their own, and capped.
@Suite("Saved searches")
struct SavedSearchStoreTests {
    static func change(_ name: String, _ query: String) throws -> ValidSavedSearchChange {
        try SavedSearchRequest(name: name, query: query).validatedForCreating()
    }

    @Test("A saved search gets a slug from its name, a number when taken, and is found by id or slug", arguments: StoreFactory.all)
    func createAndFind(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let taxes = try await store.createSavedSearch(try Self.change("Tax PDFs", "tag:tax kind:pdf"), userID: alice.id)
            let again = try await store.createSavedSearch(try Self.change("Tax PDFs", "tag:tax"), userID: alice.id)
            let github = try await store.createSavedSearch(try Self.change("GitHub, untagged", "site:github.com -has:tags"), userID: alice.id)
            #expect(taxes.slug == "tax-pdfs" && again.slug == "tax-pdfs-2" && github.slug == "github-untagged")
            #expect(taxes.query == "tag:tax kind:pdf" && taxes.createdAt == taxes.updatedAt)
            #expect(try await store.savedSearches(userID: alice.id).map(\.id) == [github.id, taxes.id, again.id], "by name")
            #expect(try await store.savedSearch(ref: taxes.id.uuidString, userID: alice.id) == taxes)
            #expect(try await store.savedSearch(ref: "TAX-PDFS-2", userID: alice.id) == again)
            #expect(try await store.savedSearch(ref: "tax-pdfs", userID: bob.id) == nil, "someone else's is not found")
            #expect(try await store.savedSearches(userID: bob.id).isEmpty)
            let bobs = try await store.createSavedSearch(try Self.change("Tax PDFs", "tag:tax"), userID: bob.id)
            #expect(bobs.slug == "tax-pdfs", "slugs are per person")
        }
    }

    @Test("A change keeps the slug and moves updatedAt; someone else's can't be changed or deleted", arguments: StoreFactory.all)
    func changeAndDelete(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let search = try await store.createSavedSearch(try Self.change("Reading", "tag:read"), userID: alice.id)
            let renamed = try await store.updateSavedSearch(
                id: search.id, change: try SavedSearchRequest(name: "To read").validatedForChanging(), userID: alice.id
            )
            #expect(renamed.name == "To read" && renamed.query == "tag:read" && renamed.slug == "reading")
            #expect(renamed.updatedAt > search.updatedAt)
            let requeried = try await store.updateSavedSearch(
                id: search.id, change: try SavedSearchRequest(query: "tag:read -is:shared").validatedForChanging(), userID: alice.id
            )
            #expect(requeried.query == "tag:read -is:shared" && requeried.name == "To read")
            #expect(try await store.savedSearch(ref: "reading", userID: alice.id) == requeried)
            await #expect(throws: StoreError.notFound("search")) {
                _ = try await store.updateSavedSearch(id: search.id, change: ValidSavedSearchChange(name: "Mine"), userID: bob.id)
            }
            #expect(try await store.deleteSavedSearch(id: search.id, userID: bob.id) == false)
            #expect(try await store.deleteSavedSearch(id: search.id, userID: alice.id))
            #expect(try await store.deleteSavedSearch(id: search.id, userID: alice.id) == false)
            #expect(try await store.savedSearches(userID: alice.id).isEmpty)
        }
    }

    @Test("A person can save at most the limit; past it nothing is added", arguments: StoreFactory.all)
    func limit(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            for number in 0..<Limits.maxSavedSearchesPerUser {
                _ = try await store.createSavedSearch(try Self.change("Search \(number)", "word\(number)"), userID: alice.id)
            }
            await #expect(throws: StoreError.tooManySavedSearches) {
                _ = try await store.createSavedSearch(try Self.change("One more", "more"), userID: alice.id)
            }
            #expect(try await store.savedSearches(userID: alice.id).count == Limits.maxSavedSearchesPerUser)
        }
    }
}

/// The request rules of a saved search, on plain values.
@Suite struct SavedSearchRequestTests {
    @Test func aNewSearchNeedsANameAndAQueryTheLanguageReads() throws {
        #expect(throws: ValidationError.missing("name")) { try SavedSearchRequest(query: "tag:x").validatedForCreating() }
        #expect(throws: ValidationError.missing("query")) { try SavedSearchRequest(name: "X").validatedForCreating() }
        let unreadable = #expect(throws: ValidationError.self) {
            try SavedSearchRequest(name: "X", query: "colour:red").validatedForCreating()
        }
        #expect(unreadable?.field == "query" && unreadable?.message.contains("colour") == true)
        let empty = #expect(throws: ValidationError.self) { try SavedSearchRequest(name: "X", query: " ... ").validatedForCreating() }
        #expect(empty?.field == "query")
        let long = #expect(throws: ValidationError.self) {
            try SavedSearchRequest(name: "X", query: String(repeating: "a", count: Limits.maxSearchQueryLength + 1)).validatedForCreating()
        }
        #expect(long?.field == "query")
        #expect(try SavedSearchRequest(name: "  Taxes ", query: " tag:tax ").validatedForCreating()
                == ValidSavedSearchChange(name: "Taxes", query: "tag:tax"))
    }
}
