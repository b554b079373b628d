import Foundation
import WallCore

/// Reads the dates import files carry: Unix times (seconds, or milliseconds and microseconds,
/// which some browsers write) and ISO 8601 with any number of fraction digits and any offset.
enum ImportDates {
    /// A Unix time; milliseconds and microseconds are told apart by size. `nil` for 0 or nonsense.
    static func unix(_ value: Double) -> Date? {
        guard value.isFinite, value > 0 else { return nil }
        var seconds = value
        if seconds > 1e14 { seconds /= 1_000_000 } else if seconds > 1e11 { seconds /= 1_000 }
        guard seconds <= 253_402_300_799 else { return nil }
        return Date(timeIntervalSince1970: seconds).roundedToMillis
    }

    /// A Unix time written as text.
    static func unix(_ text: String?) -> Date? {
        guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)) else { return nil }
        return unix(value)
    }

    /// An ISO 8601 date (`2024-01-02T03:04:05.123456+02:00`, `…Z`, or without fraction).
    static func iso(_ text: String?) -> Date? {
        guard var text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let dot = text.firstIndex(of: ".") {
            let digits = text[text.index(after: dot)...].prefix { $0.isNumber }
            let kept = String((digits + "000").prefix(3))
            text = String(text[..<dot]) + "." + kept + text[text.index(after: dot)...].dropFirst(digits.count)
        } else if text.count >= 19 {
            let base = text.prefix(19), rest = text.dropFirst(19)
            text = base + ".000" + rest
        }
        if !text.hasSuffix("Z"), !text.dropFirst(19).contains("+"), !text.dropFirst(19).contains("-") { text += "Z" }
        return (try? isoStyle.parse(text))?.roundedToMillis
    }

    /// A date given either as a Unix time or ISO 8601 text (JSON exports use both).
    static func any(_ value: Any?) -> Date? {
        switch value {
        case let number as NSNumber: unix(number.doubleValue)
        case let text as String: iso(text) ?? unix(text)
        default: nil
        }
    }

    private static let isoStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
