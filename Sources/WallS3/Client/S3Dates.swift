import Foundation

/// The date formats S3 answers in: ISO 8601 in XML, RFC 1123 in `Last-Modified`.
enum S3Dates {
    /// `2026-11-27T06:00:00.000Z` (with or without fractions).
    static func parseISO(_ text: String) -> Date? {
        let withFractions = ISO8601DateFormatter()
        withFractions.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = withFractions.date(from: text) { return date }
        return ISO8601DateFormatter().date(from: text)
    }

    /// `Fri, 27 Nov 2026 06:00:00 GMT`.
    static func parseHTTP(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
