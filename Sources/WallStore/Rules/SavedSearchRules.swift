import Foundation
import WallCore

/// The rules for making and changing saved searches, decided on plain values; the backends
/// read the person's saved searches and write what these decide.
enum SavedSearchRules {
    /// The slug a new saved search named `name` gets beside the `taken` ones (one made from the
    /// name, a number added until it is free, as a wall's); refused past the limit.
    static func newSlug(named name: String, taken: Set<String>) throws(StoreError) -> String {
        guard taken.count < Limits.maxSavedSearchesPerUser else { throw .tooManySavedSearches }
        return WallRules.freeSlug(named: name, taken: taken)
    }

    /// `current` with `change` applied at `now` (its slug stays, so links to it keep working).
    static func updated(_ current: SavedSearch, with change: ValidSavedSearchChange, at now: Date) -> SavedSearch {
        var search = current
        search.name = change.name ?? current.name
        search.query = change.query ?? current.query
        if search != current { search.updatedAt = now }
        return search
    }
}
