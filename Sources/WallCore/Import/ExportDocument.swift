import Foundation

/// Our own export (`GET /v1/export`, `dwall export`): every wall and item of one person, items
/// oldest first on the wall (so importing them in order rebuilds the same order).
public struct ExportDocument: Codable, Sendable, Equatable {
    /// Always `digitalwall-export`, so an import can tell this format from others.
    public var format: String
    /// The format's version.
    public var version: Int
    /// When it was made.
    public var exportedAt: Date
    /// The walls, in switcher order.
    public var walls: [Wall]
    /// The items, lowest on the wall first.
    public var items: [Item]

    /// The `format` marker.
    public static let formatName = "digitalwall-export"

    /// Makes an export.
    public init(exportedAt: Date, walls: [Wall], items: [Item]) {
        self.format = Self.formatName
        self.version = 1
        self.exportedAt = exportedAt
        self.walls = walls
        self.items = items
    }
}
