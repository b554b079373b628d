import Foundation

/// Cleans a file name a client sent (an upload's, an archive entry's): no folders, no control
/// characters, not empty, not too long.
public enum FileName {
    /// The name to keep, or nil when nothing usable is left.
    public static func clean(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let last = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let printable = String(String.UnicodeScalarView(last.unicodeScalars.filter { !$0.properties.isWhitespace || $0 == " " }
            .filter { $0.value >= 0x20 && $0.value != 0x7F }))
        let trimmed = printable.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed != ".", trimmed != ".." else { return nil }
        return String(trimmed.prefix(Limits.maxFileNameLength))
    }
}
