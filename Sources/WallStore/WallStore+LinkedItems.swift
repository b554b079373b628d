import Foundation
import WallCore

/// What a secret link's visitor reads, written once for both stores: the wall's items read as its
/// owner, filtered and stripped by `WallLinkRule`. A backend only finds the link's target.
extension WallStore {
    /// A page of the target wall's items (`nil`: no such link).
    func linkedItems(of target: WallLinkTarget?, query: ItemQuery) async throws -> ItemPage? {
        guard let target else { return nil }
        var page = try await items(matching: WallLinkRule.query(query, wallID: target.wallID), userID: target.ownerID)
        page.items = page.items.filter { WallLinkRule.shows($0, wallID: target.wallID) }.map(WallLinkRule.visible)
        return page
    }

    /// One item of the target wall (`nil`: no such link, or not on its wall).
    func linkedItem(id: UUID, of target: WallLinkTarget?) async throws -> Item? {
        guard let target, let item = try await item(id: id, userID: target.ownerID),
              WallLinkRule.shows(item, wallID: target.wallID)
        else { return nil }
        return WallLinkRule.visible(item)
    }
}
