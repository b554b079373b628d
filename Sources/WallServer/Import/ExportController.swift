import Foundation
import Hummingbird
import NIOCore
import WallCore
import WallImport
import WallStore

/// `GET /v1/export?format=json|html`: everything the caller has, as our JSON (walls and items
/// with ids, dates, notes, tags and file references; importing it rebuilds the wall) or as
/// bookmark HTML that browsers import.
struct ExportController {
    let store: any WallStore
    let clock: @Sendable () -> Date

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).get(use: export)
    }

    func export(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let format = request.uri.queryParameters.get("format") ?? "json"
        guard format == "json" || format == "html" else {
            throw ValidationError.invalid("format", "format must be json or html.")
        }
        let document = try await Self.document(store: store, userID: identity.userID, at: clock())
        let stamp = String(WallJSON.formatDate(document.exportedAt).prefix(10))
        if format == "html" {
            return Self.file(ByteBuffer(string: NetscapeWriter.write(document)), type: "text/html; charset=utf-8", name: "digitalwall-\(stamp).html")
        }
        let json = try WallCoders.encoder.encode(document)
        return Self.file(ByteBuffer(bytes: json), type: "application/json", name: "digitalwall-\(stamp).json")
    }

    /// Every wall and item of a person, items lowest on the wall first.
    static func document(store: any WallStore, userID: UUID, at date: Date) async throws -> ExportDocument {
        let walls = try await store.walls(userID: userID)
        var items: [Item] = []
        var cursor: ItemCursor?
        repeat {
            let page = try await store.items(matching: ItemQuery(cursor: cursor, limit: Limits.maxPageSize), userID: userID)
            items += page.items
            cursor = try page.nextCursor.map { try ItemCursor(encoded: $0) }
        } while cursor != nil
        return ExportDocument(exportedAt: date.roundedToMillis, walls: walls, items: items.reversed())
    }

    private static func file(_ body: ByteBuffer, type: String, name: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
