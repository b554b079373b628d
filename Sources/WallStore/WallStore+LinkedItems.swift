import Foundation
import WallCore

/// What a secret link's visitor reads, written once for both stores: the wall's items (or a smart
/// wall's matches) read as its owner, filtered and stripped by `WallLinkRule`. A backend only
/// finds the link's target.
extension WallStore {
    /// A page of the target's items (`nil`: no such link).
    func linkedItems(of target: WallLinkTarget?, query: ItemQuery) async throws -> ItemPage? {
        guard let target else { return nil }
        guard let query = WallLinkRule.query(query, scope: target.scope) else { return ItemPage(items: [], nextCursor: nil) }
        var page = try await items(matching: query, userID: target.ownerID)
        page.items = page.items.filter { WallLinkRule.shows($0, scope: target.scope) }.map(WallLinkRule.visible)
        return page
    }

    /// One item the target shows (`nil`: no such link, or not one it shows).
    func linkedItem(id: UUID, of target: WallLinkTarget?) async throws -> Item? {
        guard let target else { return nil }
        switch target.scope {
        case .wall:
            guard let item = try await item(id: id, userID: target.ownerID), WallLinkRule.shows(item, scope: target.scope)
            else { return nil }
            return WallLinkRule.visible(item)
        case .search:
            guard var query = WallLinkRule.query(ItemQuery(limit: 1), scope: target.scope) else { return nil }
            query.item = id
            return try await items(matching: query, userID: target.ownerID).items.first.map(WallLinkRule.visible)
        }
    }
}
