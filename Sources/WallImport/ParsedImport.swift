import Foundation
import WallCore

/// What a file held: its entries (each with where it was in the file), the walls it brings, and
/// the entries that could not be read, each with its place and reason.
public struct ParsedImport: Sendable, Equatable {
    /// The format the file was read as.
    public var format: ImportFormat
    /// The encoding the file was read as.
    public var encoding: TextDecoding.Encoding
    /// The entries, in the order they should be stored (the first lowest on the wall).
    public var entries: [ParsedEntry]
    /// Walls to make first (our own export's, with their order).
    public var walls: [ImportWall]
    /// Entries that could not be read; none of them is sent.
    public var problems: [ImportProblem]
}

/// One entry and where it was in the file.
public struct ParsedEntry: Sendable, Equatable {
    /// The entry.
    public var entry: ImportEntry
    /// Where it was: `line 12` or `entry 5`.
    public var location: String
}

/// An entry that could not be read: where, and why.
public struct ImportProblem: Sendable, Equatable, CustomStringConvertible {
    /// Where it was: `line 12` or `entry 5`.
    public var location: String
    /// Why it was left out.
    public var reason: String

    /// Makes a problem.
    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }

    public var description: String { "\(location): \(reason)" }
}

/// A file that can't be imported at all: the whole file is refused and nothing is sent.
public struct ImportFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence naming the line or entry at fault, when there is one.
    public var message: String

    /// Makes an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// How a file is read.
public struct ImportOptions: Sendable, Equatable {
    /// What bookmark folders become.
    public enum Folders: String, Sendable, CaseIterable {
        /// Each folder on a bookmark's path becomes a tag.
        case tags
        /// A bookmark goes to the wall named after its innermost folder (made when missing).
        case walls
    }

    /// What bookmark folders become (Netscape HTML).
    public var folders: Folders
    /// A wall for every entry that names none (the default wall when `nil`).
    public var wall: String?

    /// Makes options.
    public init(folders: Folders = .tags, wall: String? = nil) {
        self.folders = folders
        self.wall = wall
    }
}
