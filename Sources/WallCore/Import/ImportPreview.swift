import Foundation

/// What the server read from a bookmark file (`POST /v1/import/read`): the entries to send to
/// `POST /v1/import` in batches, the walls to send with the first batch, and what can't be
/// imported. The web settings page uses it so the formats are read by the same code as
/// `dwall import`.
public struct ImportPreview: Codable, Sendable, Equatable {
    /// The format the file was read as (`netscape-html`, `pocket-csv`, …).
    public var format: String
    /// Walls to make first.
    public var walls: [ImportWall]
    /// The entries, the first lowest on the wall.
    public var entries: [ImportEntry]
    /// Where each entry was in the file (`line 12`), in the same order as `entries`.
    public var locations: [String]
    /// Entries that can't be imported, with their place and reason.
    public var problems: [ImportPreviewProblem]

    /// Makes a preview.
    public init(format: String, walls: [ImportWall], entries: [ImportEntry], locations: [String], problems: [ImportPreviewProblem]) {
        self.format = format
        self.walls = walls
        self.entries = entries
        self.locations = locations
        self.problems = problems
    }
}

/// An entry of a bookmark file that can't be imported.
public struct ImportPreviewProblem: Codable, Sendable, Equatable {
    /// Where it was: `line 12` or `entry 5`.
    public var location: String
    /// Why.
    public var reason: String

    /// Makes a problem.
    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }
}
