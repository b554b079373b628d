import Foundation
import WallCore
import WallStore

/// What a person's export holds (`GET /v1/export`, every format): their walls and items.
public struct Exporter: Sendable {
    /// Where the walls and items are read.
    public let store: any WallStore

    /// Makes an exporter over `store`.
    public init(store: any WallStore) { self.store = store }

    /// Every wall and item of a person, items lowest on the wall first, stamped `date`.
    public func document(userID: UUID, at date: Date) async throws -> ExportDocument {
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
}
