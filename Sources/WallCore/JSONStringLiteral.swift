/// JSON string literals written from a string's UTF-8 bytes, for the hand-written JSON of hot
/// paths (the server's responses, the PostgreSQL store's row columns), where `JSONEncoder`'s cost
/// shows.
public enum JSONStringLiteral {
    /// Calls `write` with `value` as a JSON string literal, quotes included, in order: runs of
    /// bytes that need no escape as they are; `"`, `\` and each control byte as its escape (`\n`,
    /// `\r` and `\t` short, the others as `\u00XX`). Other bytes, multi-byte characters included,
    /// are written as they are, as JSON allows.
    public static func write(_ value: String, to write: (UnsafeRawBufferPointer) -> Void) {
        var value = value
        value.withUTF8 { bytes in
            quote.withUnsafeBytes(write)
            var start = 0
            for index in bytes.indices where bytes[index] < 0x20 || bytes[index] == quoteByte || bytes[index] == backslash {
                write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<index])))
                escape(of: bytes[index]).withUnsafeBytes(write)
                start = index + 1
            }
            write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...])))
            quote.withUnsafeBytes(write)
        }
    }

    /// Appends `value` as a JSON string literal to `out`.
    public static func append(_ value: String, to out: inout [UInt8]) {
        write(value) { out.append(contentsOf: $0) }
    }

    private static let quoteByte = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let quote: [UInt8] = [quoteByte]

    /// The escape of each control byte (0x00–0x1F).
    private static let controlEscapes: [[UInt8]] = (0..<0x20).map { (byte: UInt8) -> [UInt8] in
        switch byte {
        case 0x0A: return Array("\\n".utf8)
        case 0x0D: return Array("\\r".utf8)
        case 0x09: return Array("\\t".utf8)
        default:
            let hex = Array("0123456789abcdef".utf8)
            return Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        }
    }
    private static let escapedQuote: [UInt8] = [backslash, quoteByte]
    private static let escapedBackslash: [UInt8] = [backslash, backslash]

    private static func escape(of byte: UInt8) -> [UInt8] {
        switch byte {
        case quoteByte: escapedQuote
        case backslash: escapedBackslash
        default: controlEscapes[Int(byte)]
        }
    }
}
