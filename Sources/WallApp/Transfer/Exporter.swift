import Foundation
import WallCore
import WallStore

/// What a person's export holds (`GET /v1/export`, every format): their walls and items, and on
/// walls others shared with them, what they added (the owner's export holds the whole wall),
/// with the text recognised in their pictures and scans.
public struct Exporter: Sendable {
    /// Where the walls and items are read.
    public let store: any WallStore

    /// Makes an exporter over `store`.
    public init(store: any WallStore) { self.store = store }

    /// Every wall and item of a person, items lowest on the wall first, stamped `date`.
    public func document(userID: UUID, at date: Date) async throws -> ExportDocument {
        let walls = try await store.walls(userID: userID)
        let username = try await store.user(id: userID)?.username
        let own = Set(walls.filter { $0.owner == nil }.map(\.id))
        var items: [Item] = []
        var cursor: ItemCursor?
        repeat {
            let page = try await store.items(matching: ItemQuery(cursor: cursor, limit: Limits.maxPageSize), userID: userID)
            items += page.items.filter { own.contains($0.wallId) || ($0.addedBy != nil && $0.addedBy == username) }.map {
                // When this server asked for the preview is its own business, not the export's.
                var item = $0
                item.preview?.requestedAt = nil
                return item
            }
            cursor = try page.nextCursor.map { try ItemCursor(encoded: $0) }
        } while cursor != nil
        // Lists leave out what was recognised in pictures and scans; the export keeps it.
        for index in items.indices where items[index].file != nil {
            let recognition = try await store.recognition(itemID: items[index].id, userID: userID)
            items[index].recognizedText = recognition.text
            items[index].recognitionError = recognition.failure
        }
        let used = Set(items.map(\.wallId))
        return ExportDocument(
            exportedAt: date.roundedToMillis, walls: walls.filter { own.contains($0.id) || used.contains($0.id) },
            items: items.reversed()
        )
    }
}
