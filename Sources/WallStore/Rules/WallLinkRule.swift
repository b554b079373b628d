import Foundation
import WallCore

/// Who may make, list and revoke a wall's secret links, and what a link shows, decided on plain
/// values: the owner alone manages them, up to the per-wall cap; a link shows its own wall only.
enum WallLinkRule {
    /// Checks that the person behind `access` may make another link on a wall that has
    /// `linkCount` links now.
    static func checkCreate(by access: WallAccess, linkCount: Int) throws(StoreError) {
        try access.requireOwner()
        guard linkCount < Limits.maxLinksPerWall else {
            throw .conflict("A wall can have at most \(Limits.maxLinksPerWall) secret links; revoke one first.")
        }
    }

    /// Checks that the person behind `access` may see or revoke the wall's links.
    static func checkManage(by access: WallAccess) throws(StoreError) {
        try access.requireOwner()
    }

    /// The query a link's visitor may run: `query` on the link's wall alone, never a search of
    /// anything else, at most a page.
    static func query(_ query: ItemQuery, wallID: UUID) -> ItemQuery {
        var query = query
        query.wall = wallID.uuidString.lowercased()
        query.limit = min(max(1, query.limit), Limits.maxPageSize)
        return query
    }

    /// Whether a link to the wall `wallID` shows `item`.
    static func shows(_ item: Item, wallID: UUID) -> Bool {
        item.wallId == wallID
    }

    /// An item as a link's visitor sees it: without who added it (member names stay private).
    static func visible(_ item: Item) -> Item {
        var item = item
        item.addedBy = nil
        return item
    }
}
