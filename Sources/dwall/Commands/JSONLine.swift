import Foundation
import WallCore

/// Prints values as one line of JSON (sorted keys, the wire contract's dates), for `--json`.
enum JSONLine {
    static func print(_ value: some Encodable) throws {
        let encoder = WallJSON.encoder()
        encoder.outputFormatting.insert(.sortedKeys)
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
