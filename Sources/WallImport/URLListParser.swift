import Foundation

/// Reads a plain list of web addresses, one per line; blank lines and lines starting with `#`
/// are skipped, anything else that is not a web address is reported by its line.
enum URLListParser {
    static func parse(_ text: String, into collector: inout EntryCollector) {
        // "\r\n" is one Character, so this splits Windows and Unix line ends alike.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            collector.add(at: "line \(index + 1)", url: trimmed, title: nil)
        }
    }
}
