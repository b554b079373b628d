import Foundation
import Hummingbird
import WallCore
import WallStore

extension ItemsController {
    /// `POST /v1/items/{id}/refresh`: fetches a link's page again. The item goes back to
    /// `pending` (announced on `/v1/events`) and an `enrich` job is queued; the answer is the
    /// item as it is now, with 202. Only links can be refreshed (409 otherwise). A refresh of a
    /// link still pending from one asked for on this server within
    /// `Limits.refreshCoalescingWindow` queues nothing more: the answer is the same 202.
    func refresh(_ request: Request, context: WallRequestContext) async throws -> WrittenJSON<Item> {
        let identity = try context.requireIdentity()
        let id = try context.uuidParameter("id", naming: "item")
        guard let item = try await store.item(id: id, userID: identity.userID) else { throw APIError.notFound("item") }
        guard item.kind == .url else { throw APIError.conflict("Only links can be refreshed; this item is \(item.kind.rawValue).") }
        guard linkPreviews else { throw APIError.conflict("This server makes no link previews (it runs with --no-link-previews).") }
        guard refreshes.shouldQueue(id, pending: item.state == .pending) else { return WrittenJSON(item, status: .accepted) }
        // Pending first, then the job: a job that ran before the state was written could be
        // overwritten by it. Should enqueuing fail, the item stays pending and a new refresh retries.
        guard let pending = try await store.recordEnrichment(itemID: id, userID: identity.userID, state: .pending, preview: nil)
        else { throw APIError.notFound("item") }
        try await store.jobs.enqueue(NewJob(kind: .enrich, itemID: id, userID: identity.userID, priority: .interactive))
        return WrittenJSON(pending, status: .accepted)
    }

    /// `GET /v1/items/{id}`: the item, with its page's readable text when enrichment kept one.
    func show(_ request: Request, context: WallRequestContext) async throws -> WrittenJSON<Item> {
        let identity = try context.requireIdentity()
        let id = try context.uuidParameter("id", naming: "item")
        guard var item = try await store.item(id: id, userID: identity.userID) else { throw APIError.notFound("item") }
        if item.preview != nil {
            item.preview?.readableText = try await store.readableText(itemID: id, userID: identity.userID)
        }
        return WrittenJSON(item)
    }
}
