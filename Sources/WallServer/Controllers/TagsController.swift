import Hummingbird
import WallCore
import WallStore

/// `GET /v1/tags`: the caller's tags, most used first, at most `Limits.maxTagListLength` (what
/// the web wall completes `tag:` from as one types a search).
struct TagsController {
    let store: any WallStore

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).get(use: tags)
    }

    func tags(_ request: Request, context: WallRequestContext) async throws -> JSONBody<TagList> {
        let identity = try context.requireIdentity()
        return JSONBody(TagList(tags: try await store.tagCounts(userID: identity.userID, limit: Limits.maxTagListLength)))
    }
}
