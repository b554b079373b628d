import Foundation
import Hummingbird
import NIOCore
import WallCore
import WallStore

/// `GET /v1/items/{id}/file`, `/thumbnail` and `/preview`: an item's file and its renditions,
/// for the item's owner only (404 for anyone else), with `ETag`, `Cache-Control` and ranges.
///
/// Files are sent with the type detected at upload and `X-Content-Type-Options: nosniff`, in a
/// sandbox (`Content-Security-Policy`), and as attachments unless they are raster images.
struct ItemFilesController {
    let store: any WallStore
    let blobs: any BlobStore

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get(":id/file") { request, context in try await send(.original, request, context) }
        routes.get(":id/thumbnail") { request, context in try await send(.thumbnail, request, context) }
        routes.get(":id/preview") { request, context in try await send(.preview, request, context) }
        return routes
    }

    /// Which of an item's blobs a route sends.
    enum Rendition {
        case original, thumbnail, preview
    }

    private func send(_ rendition: Rendition, _ request: Request, _ context: WallRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let id = try context.uuidParameter("id", naming: "item")
        guard let item = try await store.item(id: id, userID: identity.userID) else { throw APIError.notFound("item") }
        return try await serve(rendition, of: item, request)
    }

    /// Sends `rendition` of `item`'s file, which the caller may see (its owner, or a secret
    /// link's visitor): the same headers, conditional and range answers for both.
    func serve(_ rendition: Rendition, of item: Item, _ request: Request) async throws -> Response {
        guard let file = item.file else { throw APIError.notFound("item") }
        guard let hex = Self.blob(of: file, rendition), let hash = BlobHash(hex: hex), let size = try await blobs.size(of: hash) else {
            throw APIError.notFound(rendition == .original ? "file" : "rendition")
        }
        let contentType = rendition == .original ? file.contentType : Renditions.contentType
        var headers = Self.headers(contentType: contentType, etag: "\"\(hex)\"", file: file, rendition: rendition)
        if EntityTagMatch.ifNoneMatch(request, names: "\"\(hex)\"") {
            return Response(status: .notModified, headers: headers)
        }
        switch ByteRange.parse(request.headers[.range], size: size) {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .whole:
            return Response(status: .ok, headers: headers, body: body(hash, ByteRange(start: 0, end: size - 1)))
        case .part(let range):
            headers[.contentRange] = "bytes \(range.start)-\(range.end)/\(size)"
            return Response(status: .partialContent, headers: headers, body: body(hash, range))
        }
    }

    /// The hash of the blob a route sends for an item's file (nil until a rendition is made).
    static func blob(of file: ItemFile, _ rendition: Rendition) -> String? {
        switch rendition {
        case .original: file.sha256
        case .thumbnail: file.thumbnail
        case .preview: file.preview
        }
    }

    /// Streams `range` of the blob in `Limits.blobPieceBytes` pieces.
    private func body(_ hash: BlobHash, _ range: ByteRange) -> ResponseBody {
        let blobs = self.blobs
        return ResponseBody(contentLength: Int(max(0, range.length))) { writer in
            guard range.length > 0 else { return try await writer.finish(nil) }
            guard let reader = try await blobs.open(hash) else { throw APIError.notFound("file") }
            defer { reader.close() }
            var offset = range.start
            while offset <= range.end {
                let piece = try await reader.read(offset: offset, length: Int(min(Int64(Limits.blobPieceBytes), range.end - offset + 1)))
                guard piece.readableBytes > 0 else { break }
                try await writer.write(piece)
                offset += Int64(piece.readableBytes)
            }
            try await writer.finish(nil)
        }
    }

    static func headers(contentType: String, etag: String, file: ItemFile, rendition: Rendition) -> HTTPFields {
        var headers: HTTPFields = [
            .contentType: contentType,
            .eTag: etag,
            .cacheControl: "private, max-age=31536000, immutable",
            .acceptRanges: "bytes",
            .xContentTypeOptions: "nosniff",
            .contentSecurityPolicy: "default-src 'none'; sandbox",
        ]
        if rendition == .original {
            let inline = FileType.isSafeInline(contentType)
            headers[.contentDisposition] = ContentDisposition.value(inline: inline, name: file.name)
        }
        return headers
    }
}

/// The `Content-Disposition` header for a file: an ASCII `filename` and a UTF-8 `filename*`.
enum ContentDisposition {
    static func value(inline: Bool, name: String?) -> String {
        let kind = inline ? "inline" : "attachment"
        guard let name else { return kind }
        let ascii = String(name.unicodeScalars.map { scalar in
            scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar != ";" ? Character(scalar) : "_"
        })
        let encoded = name.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ascii
        return "\(kind); filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
