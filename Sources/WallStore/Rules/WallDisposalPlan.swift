import Foundation
import WallCore

/// An item on a wall being deleted, as the disposal rule needs it.
struct DisposedItem: Sendable, Equatable {
    var id: UUID
    var canonicalURL: String?
}

/// What deleting a wall does to each of its items, decided on plain values before anything is
/// written: the default wall stays, a wall with items is refused unless told where they go, and
/// an item moving to a wall that holds its link already merges into that item.
struct WallDisposalPlan: Sendable, Equatable {
    /// What becomes of one item.
    enum Step: Sendable, Equatable {
        /// The item is deleted.
        case delete(UUID)
        /// The item moves to the target wall.
        case move(UUID)
        /// The item merges into the target wall's item holding the same link, then is deleted.
        case merge(UUID, into: UUID)
    }

    /// The steps, in the wall's order (oldest first).
    var steps: [Step]
    /// The wall the items move to, for `.moveTo`.
    var target: UUID?

    /// The plan for deleting `wall`, holding `items`, as `disposal` says; `target` is the wall
    /// `.moveTo` named (already resolved, so a missing one was refused), and `holders` maps
    /// each link on the target wall to its item.
    init(
        deleting wall: Wall, _ disposal: WallDisposal, items: [DisposedItem], target: UUID?,
        holders: [String: UUID]
    ) throws(StoreError) {
        guard !wall.isDefault else { throw .defaultWallRequired }
        self.target = target
        guard !items.isEmpty else {
            steps = []
            return
        }
        switch disposal {
        case .refuse:
            throw .wallNotEmpty(items.count)
        case .deleteItems:
            steps = items.map { .delete($0.id) }
        case .moveTo:
            guard let target else { throw .notFound("wall") }
            guard target != wall.id else { throw .conflict("Items can't be moved to the wall being deleted.") }
            steps = items.map { item in
                if let link = item.canonicalURL, let holder = holders[link] { return .merge(item.id, into: holder) }
                return .move(item.id)
            }
        }
    }

    /// The links of `items` whose holders on the target wall the plan needs.
    static func links(of items: [DisposedItem]) -> [String] { items.compactMap(\.canonicalURL) }
}

extension Item {
    /// This item after `other`, holding the same link, was merged into it at `now`; `nil` when
    /// the merge changes nothing here (the other item is still deleted). Throws when something
    /// of `other` would not fit (`absorbing`).
    func afterAbsorbing(_ other: Item, at now: Date) throws(StoreError) -> Item? {
        var merged = try absorbing(other)
        guard merged != self else { return nil }
        merged.updatedAt = now
        return merged
    }
}
