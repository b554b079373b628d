import Foundation
import WallCore

/// Where the outbox keeps what:
///
/// ```
/// outbox/
///   .lock                              shared by writers, exclusive for a sweep
///   1763822400123-<share id>.share     one pending share (JSON), named oldest first
///   1763822400123-<share id>.files/    its attachments, when it has any
///   tmp/                               files being written (renamed into place when complete)
///   failed/                            shares the server refused for good, with the reason
///   damaged/                           files that could not be read, moved aside
/// ```
struct OutboxLayout: Sendable {
    let root: String
    var lockFile: String { root + "/.lock" }
    var tmp: String { root + "/tmp" }
    var failed: String { root + "/failed" }
    var damaged: String { root + "/damaged" }

    static let entrySuffix = ".share"
    static let filesSuffix = ".files"

    /// The entry name of a share: enqueue time in milliseconds (13 digits), then its id.
    static func name(shareID: UUID, enqueuedAt: Date) -> String {
        let millis = String(max(0, enqueuedAt.millisSince1970))
        let padded = String(repeating: "0", count: max(0, 13 - millis.count)) + millis
        return padded + "-" + shareID.uuidString + entrySuffix
    }

    /// The stem of an entry name (without `.share`).
    static func stem(of name: String) -> String { String(name.dropLast(entrySuffix.count)) }

    /// Whether `name` is an entry's.
    static func isEntry(_ name: String) -> Bool { name.hasSuffix(entrySuffix) && !name.hasPrefix(".") }

    /// The entry of `shareID` among `names` (a folder's listing), if there is one.
    static func entry(of shareID: UUID, among names: [String]) -> String? {
        let suffix = "-" + shareID.uuidString + entrySuffix
        return names.first { isEntry($0) && $0.hasSuffix(suffix) }
    }

    /// The folder `path` is in.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    func entry(_ name: String, in folder: String? = nil) -> String { (folder ?? root) + "/" + name }

    func files(_ name: String, in folder: String? = nil) -> String { (folder ?? root) + "/" + Self.stem(of: name) + Self.filesSuffix }
}
