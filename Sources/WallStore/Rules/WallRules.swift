import Foundation
import WallCore

/// A wall a person has, as the wall rules need it: its slug and its place in the switcher.
struct WallSlot: Sendable, Equatable {
    var slug: String
    var position: Int
}

/// The slug, name and position a new wall gets.
struct NewWall: Sendable, Equatable {
    var slug: String
    var name: String
    var position: Int
}

/// The rules for making and changing walls, decided on plain values; the backends read the
/// person's walls and write what these decide.
enum WallRules {
    /// A new wall from `change`, beside the person's `existing` walls: refused past the wall
    /// limit or when the slug asked for is taken; placed last unless a position is asked for.
    static func newWall(_ change: ValidWallChange, existing: [WallSlot]) throws(StoreError) -> NewWall {
        guard existing.count < Limits.maxWallsPerUser else { throw .tooManyWalls }
        let slug = try freeSlug(for: change, taken: Set(existing.map(\.slug)))
        let last = existing.map(\.position).max() ?? -1
        return NewWall(slug: slug, name: change.name ?? slug, position: change.position ?? last + 1)
    }

    /// `current` with `change` applied; refused when the new slug is another wall's.
    static func updated(_ current: Wall, with change: ValidWallChange, taken: Set<String>) throws(StoreError) -> Wall {
        var wall = current
        if let slug = change.slug, slug != current.slug {
            guard !taken.contains(slug) else { throw .slugTaken(slug) }
            wall.slug = slug
        }
        wall.name = change.name ?? current.name
        wall.position = change.position ?? current.position
        return wall
    }

    /// The slug for a new wall: the one asked for (refused if taken), or one made from the name
    /// with a number added until it is free.
    static func freeSlug(for change: ValidWallChange, taken: Set<String>) throws(StoreError) -> String {
        if let slug = change.slug {
            guard !taken.contains(slug) else { throw .slugTaken(slug) }
            return slug
        }
        return freeSlug(named: change.name ?? "wall", taken: taken)
    }

    /// A slug made from `name`, with a number added until it is none of `taken` (a wall's, or a
    /// saved search's among the person's others).
    static func freeSlug(named name: String, taken: Set<String>) -> String {
        let base = Slug.make(from: name)
        var candidate = base
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        return candidate
    }
}
