import Foundation

/// The fixture pages in `Tests/WallEnrichTests/Fixtures`, read from the source tree.
enum Corpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appending(path: name)))
    }
}
