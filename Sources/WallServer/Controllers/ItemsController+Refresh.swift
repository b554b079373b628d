import Foundation
import Hummingbird
import WallApp
import WallCore
import WallStore

extension ItemsController {
    /// `POST /v1/items/{id}/refresh`: fetches a link's page again (`LinkRefresher`); the answer is
    /// the item as it is now, with 202. Not the caller's item: 404; not a link, or this server
    /// makes no link previews: 409.
    func refresh(_ request: Request, context: WallRequestContext) async throws -> WrittenJSON<Item> {
        let identity = try context.requireIdentity()
        let id = try context.uuidParameter("id", naming: "item")
        do {
            return WrittenJSON(try await refresher.refresh(itemID: id, userID: identity.userID), status: .accepted)
        } catch let refusal as RefreshRefusal {
            if refusal == .notFound { throw APIError.notFound("item") }
            throw APIError.conflict(refusal.message)
        }
    }
}
