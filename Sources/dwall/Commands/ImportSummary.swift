import Foundation
import WallCore
import WallImport

/// What an import did, counted as batches come back, and how it is told: counts, then each
/// entry that was skipped with its place in the file and the reason.
struct ImportSummary: Encodable {
    var format: String
    var entries: Int
    var sent = 0
    var imported = 0
    var duplicates = 0
    var skipped: [Skipped] = []

    struct Skipped: Encodable {
        var location: String
        var reason: String
    }

    init(parsed: ParsedImport) {
        format = parsed.format.rawValue
        entries = parsed.entries.count + parsed.problems.count
        skipped = parsed.problems.map { Skipped(location: $0.location, reason: $0.reason) }
    }

    /// The summary of an archive import (the server read the file).
    init(archiveEntries: Int) {
        format = "digitalwall archive"
        entries = archiveEntries
    }

    mutating func add(_ results: [ImportResult], from parsed: [ParsedEntry]) {
        let locations = Dictionary(parsed[sent..<min(parsed.count, sent + results.count)].map { ($0.entry.id, $0.location) }, uniquingKeysWith: { first, _ in first })
        sent += results.count
        for result in results {
            switch result.status {
            case .imported: imported += 1
            case .duplicate: duplicates += 1
            case .skipped: skipped.append(Skipped(location: locations[result.id] ?? result.id.uuidString, reason: result.reason ?? "refused"))
            }
        }
    }

    func print(json: Bool) {
        if json {
            try? JSONLine.print(self)
            return
        }
        Swift.print("Imported \(imported), \(duplicates) already there, \(skipped.count) skipped (\(entries) entries in a \(format) file).")
        for entry in skipped { Swift.print("skipped \(entry.location): \(entry.reason)") }
    }
}
