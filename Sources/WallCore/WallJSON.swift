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
    public static func formatDate(_ date: Date) -> String {
        date.formatted(withFraction)
    }

    /// Reads an ISO 8601 date with or without fractional seconds; `nil` when it is not one.
    public static func parseDate(_ text: String) -> Date? {
        if let date = try? withFraction.parse(text) { return date }
        return try? withoutFraction.parse(text)
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()
}
