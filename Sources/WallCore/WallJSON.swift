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

    /// Formats a date as ISO 8601 with milliseconds, in UTC (`2026-11-22T09:30:00.123Z`).
    ///
    /// The milliseconds are rounded, not truncated: a date made from 1.123 s is held as a double a
    /// hair below it. Written by hand (days to civil date, as in Howard Hinnant's algorithm): it
    /// runs three times per item on every response, and the format style goes through `printf`.
    public static func formatDate(_ date: Date) -> String {
        let millis = date.millisSince1970
        let (days, dayMillis) = millis.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayNumber, msOfDay) = dayMillis < 0 ? (days - 1, dayMillis + 86_400_000) : (days, dayMillis)
        let (year, month, day) = civilDate(daysSince1970: dayNumber)
        var text = [UInt8]()
        text.reserveCapacity(24)
        func append(_ value: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        append(year, digits: 4)
        text.append(UInt8(ascii: "-"))
        append(month, digits: 2)
        text.append(UInt8(ascii: "-"))
        append(day, digits: 2)
        text.append(UInt8(ascii: "T"))
        append(msOfDay / 3_600_000, digits: 2)
        text.append(UInt8(ascii: ":"))
        append(msOfDay / 60_000 % 60, digits: 2)
        text.append(UInt8(ascii: ":"))
        append(msOfDay / 1000 % 60, digits: 2)
        text.append(UInt8(ascii: "."))
        append(msOfDay % 1000, digits: 3)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    /// The proleptic Gregorian date of a day number (0 is 1970-01-01); years 0 to 9999.
    private static func civilDate(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSince1970 + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (min(max(year, 0), 9999), month, day)
    }

    /// Reads an ISO 8601 date with or without fractional seconds, to the millisecond; `nil` when it is not one.
    public static func parseDate(_ text: String) -> Date? {
        guard let date = (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text)) else { return nil }
        return date.roundedToMillis
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()
}
