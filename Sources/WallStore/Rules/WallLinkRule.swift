import Foundation
import WallCore

/// Who may make, list and revoke secret links, and what a link shows, decided on plain values:
/// the owner alone manages them, up to the per-wall (or per-smart-wall) cap; a wall's link shows
/// its own wall only; a smart wall's link shows what its search matches on the owner's own walls,
/// never on walls others shared with them.
enum WallLinkRule {
    /// Checks that the person behind `access` may make another link on a wall that has
    /// `linkCount` links now.
    static func checkCreate(by access: WallAccess, linkCount: Int) throws(StoreError) {
        try access.requireOwner()
        try checkCount(linkCount)
    }

    /// Checks that a wall or smart wall with `linkCount` links may have one more.
    static func checkCount(_ linkCount: Int) throws(StoreError) {
        guard linkCount < Limits.maxLinksPerWall else {
            throw .conflict("A wall can have at most \(Limits.maxLinksPerWall) secret links; revoke one first.")
        }
    }

    /// Checks that the person behind `access` may see or revoke the wall's links.
    static func checkManage(by access: WallAccess) throws(StoreError) {
        try access.requireOwner()
    }

    /// What `target` opens, by name: its wall (`wall`, as the backend read it; `nil` when gone)
    /// or its smart wall.
    static func linked(_ target: WallLinkTarget, wall: Wall?) -> LinkedWall? {
        switch target.scope {
        case .wall:
            guard let wall else { return nil }
            return LinkedWall(linkID: target.linkID, name: wall.name, createdAt: wall.createdAt, indexable: target.indexable)
        case .search(let search):
            return LinkedWall(
                linkID: target.linkID, name: search.name, createdAt: search.createdAt, indexable: target.indexable,
                isSmartWall: true
            )
        }
    }

    /// The query a link's visitor may run: `query` on the link's wall alone (or the smart wall's
    /// search, on the owner's own walls), never a search of anything else, at most a page; `nil`
    /// when it may show nothing (a smart wall whose query no longer reads).
    static func query(_ query: ItemQuery, scope: WallLinkTarget.Scope) -> ItemQuery? {
        var query = query
        query.limit = min(max(1, query.limit), Limits.maxPageSize)
        switch scope {
        case .wall(let wallID):
            query.wall = wallID.uuidString.lowercased()
            query.search = nil
        case .search(let search):
            query.wall = nil
            query.ownWallsOnly = true
            guard let expression = search.expression, !expression.clauses.isEmpty else { return nil }
            query.search = expression
        }
        return query
    }

    /// Whether a link with `scope` shows `item` (a smart wall's query already chose it).
    static func shows(_ item: Item, scope: WallLinkTarget.Scope) -> Bool {
        switch scope {
        case .wall(let wallID): item.wallId == wallID
        case .search: true
        }
    }

    /// An item as a link's visitor sees it: without who added it (member names stay private).
    static func visible(_ item: Item) -> Item {
        var item = item
        item.addedBy = nil
        return item
    }
}
