import Foundation

/// Turns a file's bytes into text, whatever encoding a browser or tool wrote it in: a UTF-8 or
/// UTF-16 byte-order mark wins; then UTF-8 if the bytes are valid UTF-8; then UTF-16 without a
/// mark when every other byte is zero (as plain-ASCII UTF-16 is); else windows-1252, which every
/// byte sequence is (and which old Windows browsers wrote).
public enum TextDecoding {
    /// The encodings `decode` can tell apart.
    public enum Encoding: String, Sendable {
        /// UTF-8 (with or without a byte-order mark).
        case utf8
        /// UTF-16, little-endian.
        case utf16LE
        /// UTF-16, big-endian.
        case utf16BE
        /// Windows code page 1252 (a superset of ISO 8859-1's printable characters).
        case windows1252
    }

    /// The text and the encoding it was read as.
    public static func decode(_ data: Data) -> (text: String, encoding: Encoding) {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (String(decoding: bytes.dropFirst(3), as: UTF8.self), .utf8)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return (utf16(bytes.dropFirst(2), bigEndian: false), .utf16LE) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (utf16(bytes.dropFirst(2), bigEndian: true), .utf16BE) }
        if let text = String(validating: bytes, as: UTF8.self) {
            if bytes.count >= 4, let bigEndian = unmarkedUTF16(bytes) {
                return (utf16(bytes[...], bigEndian: bigEndian), bigEndian ? .utf16BE : .utf16LE)
            }
            return (text, .utf8)
        }
        if let bigEndian = unmarkedUTF16(bytes) {
            return (utf16(bytes[...], bigEndian: bigEndian), bigEndian ? .utf16BE : .utf16LE)
        }
        return (windows1252(bytes), .windows1252)
    }

    /// Whether the bytes look like UTF-16 without a mark (zero bytes in at least every other pair, always on the
    /// same side), and which byte order.
    private static func unmarkedUTF16(_ bytes: [UInt8]) -> Bool? {
        let sample = bytes.prefix(256)
        guard sample.count >= 4, sample.count % 2 == 0 else { return nil }
        let pairs = stride(from: sample.startIndex, to: sample.endIndex, by: 2).map { (sample[$0], sample[$0 + 1]) }
        let highZero = pairs.filter { $0.0 == 0 }.count, lowZero = pairs.filter { $0.1 == 0 }.count
        // Mostly ASCII: one byte of each pair is zero, always on the same side.
        if lowZero * 2 >= pairs.count && highZero == 0 { return false }
        if highZero * 2 >= pairs.count && lowZero == 0 { return true }
        return nil
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Windows-1252: Latin-1, except 0x80–0x9F, which hold typographic characters.
    static func windows1252(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte) {
                let code = high[Int(byte - 0x80)]
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    /// 0x80–0x9F in windows-1252 (unassigned bytes read as U+FFFD).
    private static let high: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}
