import Foundation

/// The JSON coders every party of the wire contract uses, so dates read and write the same way.
///
/// Dates are ISO 8601 in UTC; fractional seconds are written and are optional when read.
public enum WallJSON {
    /// A decoder for request and response bodies.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 date such as 2026-11-22T09:30:00Z."
                )
            }
            return date
        }
        return decoder
    }

    /// An encoder for request and response bodies.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    /// Formats a date as ISO 8601 with milliseconds, in UTC.
    ///
    /// The milliseconds are rounded, not truncated: a date made from 1.123 s is held as a double a
    /// hair below it, which the format style alone would write as `.122`.
    public static func formatDate(_ date: Date) -> String {
        let millis = date.millisSince1970
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let fraction = String(millis - seconds * 1000)
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(withoutFraction)
        return "\(whole.dropLast())." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    /// Reads an ISO 8601 date with or without fractional seconds, to the millisecond; `nil` when it is not one.
    public static func parseDate(_ text: String) -> Date? {
        guard let date = (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text)) else { return nil }
        return date.roundedToMillis
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()
}
