import Foundation
import Hummingbird
import NIOCore
import WallCore
import WallStore

/// `GET /v1/items/{id}/link-image` and `/icon`: a link's preview image and site icon, stored
/// by enrichment, for the item's owner only (404 for anyone else), so the wall never hot-links
/// a third-party server from a person's browser.
///
/// Sent with the type their bytes showed when fetched, `X-Content-Type-Options: nosniff`, a
/// sandboxing `Content-Security-Policy`, and the blob's hash as `ETag`.
struct LinkPicturesController {
    let store: any WallStore
    let blobs: any BlobStore

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get(":id/link-image") { request, context in try await send(\.imageBlob, request, context) }
        routes.get(":id/icon") { request, context in try await send(\.iconBlob, request, context) }
        return routes
    }

    private func send(
        _ picture: KeyPath<LinkPreview, StoredPicture?>, _ request: Request, _ context: WallRequestContext
    ) async throws -> Response {
        let identity = try context.requireIdentity()
        let id = try context.uuidParameter("id", naming: "item")
        guard let item = try await store.item(id: id, userID: identity.userID) else { throw APIError.notFound("item") }
        return try await serve(picture, of: item, request)
    }

    /// Sends `item`'s stored `picture`, which the caller may see (its owner, or a secret link's
    /// visitor), with the same headers for both.
    func serve(_ picture: KeyPath<LinkPreview, StoredPicture?>, of item: Item, _ request: Request) async throws -> Response {
        guard let stored = item.preview?[keyPath: picture], let hash = BlobHash(hex: stored.sha256),
              let reader = try await blobs.open(hash)
        else { throw APIError.notFound("picture") }
        defer { reader.close() }
        let etag = "\"\(stored.sha256)\""
        var headers: HTTPFields = [
            .contentType: stored.contentType, .eTag: etag, .cacheControl: "private, max-age=86400",
            .init("X-Content-Type-Options")!: "nosniff", .contentSecurityPolicy: "default-src 'none'; sandbox",
        ]
        if EntityTagMatch.ifNoneMatch(request, names: etag) { return Response(status: .notModified, headers: headers) }
        let data = try await reader.read(offset: 0, length: Int(min(reader.size, Int64(Limits.maxFetchImageBytes))))
        headers[.contentLength] = String(data.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: data))
    }
}
