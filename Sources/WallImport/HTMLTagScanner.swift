/// A forgiving scanner over bookmark HTML: yields tags (name, attributes, line) and the text
/// between them. Bookmark files are not well-formed HTML (`<DT>` and `<p>` are never closed), so
/// no tree is built: the parser only needs the tags in order.
struct HTMLTagScanner {
    /// One piece of the file.
    enum Token {
        /// `<NAME attr=…>` or `</NAME>` (closing: `isClosing`); the name is upper-cased.
        case tag(name: String, isClosing: Bool, attributes: [String: String], line: Int)
        /// Text between tags, entities decoded.
        case text(String)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(_ text: String) { self.bytes = Array(text.utf8) }

    mutating func next() -> Token? {
        guard index < bytes.count else { return nil }
        if bytes[index] != UInt8(ascii: "<") {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            return .text(HTMLEntities.decode(String(decoding: bytes[start..<index], as: UTF8.self)))
        }
        return scanTag()
    }

    private mutating func scanTag() -> Token {
        let tagLine = line
        index += 1
        if bytes[index...].starts(with: Array("!--".utf8)) {
            skip(past: Array("-->".utf8))
            return .text("")
        }
        var closing = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            closing = true
            index += 1
        }
        let name = word()
        var attributes: [String: String] = [:]
        while index < bytes.count {
            skipSpace()
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                index += 1
                continue
            }
            let key = word()
            guard !key.isEmpty else {
                index += 1
                continue
            }
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                skipSpace()
                attributes[key] = HTMLEntities.decode(value())
            } else {
                attributes[key] = ""
            }
        }
        return .tag(name: name, isClosing: closing, attributes: attributes, line: tagLine)
    }

    private mutating func word() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") || isSpace(byte) { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self).uppercased()
    }

    private mutating func value() -> String {
        guard index < bytes.count else { return "" }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
            index += 1
            return text
        }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ">"), !isSpace(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while index < bytes.count, isSpace(bytes[index]) {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    private mutating func skip(past marker: [UInt8]) {
        while index < bytes.count, !bytes[index...].starts(with: marker) {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        index = min(bytes.count, index + marker.count)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
