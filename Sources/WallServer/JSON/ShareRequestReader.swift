import Foundation
import NIOCore
import WallCore

/// Reads a share's JSON body in its everyday shape without `JSONDecoder`, which was a twentieth
/// of a share's CPU: one object of the known members, strings without escapes, `null` for
/// absent values. Anything else (an escape, an unknown or repeated member, a page snapshot, a
/// value of the wrong kind, invalid UTF-8) answers `nil`, and the caller asks `JSONDecoder`,
/// which reads it or says what is wrong. What it reads is what `JSONDecoder` reads (tested).
struct ShareRequestReader {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The request in `body`, or `nil` when it is not in the everyday shape.
    static func read(_ body: ByteBuffer) -> ShareRequest? {
        body.withUnsafeReadableBytes { bytes in
            var reader = ShareRequestReader(bytes: bytes)
            return reader.request()
        }
    }

    // MARK: The object

    /// The members read so far.
    private struct Members {
        var id: UUID?
        var contentType: ItemKind?
        var url, text, title, userNote, wall: String?
        var tags: [String]?
        var timestamp: Date?
        var source: ShareSource?
        /// One bit per member read (see `member`), so a repeated one is noticed.
        var seen: UInt16 = 0
    }

    private mutating func request() -> ShareRequest? {
        var members = Members()
        guard skipWhitespace(), take(UInt8(ascii: "{")), skipWhitespace() else { return nil }
        if !take(UInt8(ascii: "}")) {
            repeat {
                guard skipWhitespace(), let key = string(),
                      skipWhitespace(), take(UInt8(ascii: ":")), skipWhitespace(), member(key, into: &members),
                      skipWhitespace()
                else { return nil }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
        }
        guard skipWhitespace(), index == bytes.count, let id = members.id, let contentType = members.contentType else {
            return nil
        }
        return ShareRequest(
            id: id, contentType: contentType, url: members.url, text: members.text, title: members.title,
            userNote: members.userNote, wall: members.wall, tags: members.tags, timestamp: members.timestamp,
            source: members.source
        )
    }

    /// Reads the value of member `key`; `false` when it is not one this reader takes, or repeated.
    private mutating func member(_ key: String, into members: inout Members) -> Bool {
        guard let bit = Self.memberBits[key], members.seen & bit == 0 else { return false }
        members.seen |= bit
        switch key {
        case "id": members.id = string().flatMap(UUID.init(uuidString:))
        case "contentType": members.contentType = string().flatMap(ItemKind.init(rawValue:))
        case "url": return optional(&members.url) { $0.string() }
        case "text": return optional(&members.text) { $0.string() }
        case "title": return optional(&members.title) { $0.string() }
        case "userNote": return optional(&members.userNote) { $0.string() }
        case "wall": return optional(&members.wall) { $0.string() }
        case "tags": return optional(&members.tags) { $0.strings() }
        case "timestamp": return optional(&members.timestamp) { $0.string().flatMap(WallJSON.parseDate) }
        case "source": return optional(&members.source) { $0.string().flatMap(ShareSource.init(rawValue:)) }
        default: return false
        }
        return key == "id" ? members.id != nil : members.contentType != nil
    }

    private static let memberBits: [String: UInt16] = Dictionary(uniqueKeysWithValues: [
        "id", "contentType", "url", "text", "title", "userNote", "wall", "tags", "timestamp", "source",
    ].enumerated().map { ($1, UInt16(1) << $0) })

    /// `null` (leaving `value` nil) or what `read` reads; `false` when neither is there.
    private mutating func optional<Value>(_ value: inout Value?, _ read: (inout Self) -> Value?) -> Bool {
        if takeNull() { return true }
        value = read(&self)
        return value != nil
    }

    // MARK: Values

    /// An array of strings.
    private mutating func strings() -> [String]? {
        guard take(UInt8(ascii: "[")), skipWhitespace() else { return nil }
        var values: [String] = []
        if take(UInt8(ascii: "]")) { return values }
        repeat {
            guard skipWhitespace(), let value = string(), skipWhitespace() else { return nil }
            values.append(value)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? values : nil
    }

    /// A string without escapes or control characters, of valid UTF-8.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    private mutating func takeNull() -> Bool {
        guard bytes.count - index >= 4, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
        else { return false }
        index += 4
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips JSON's whitespace; always `true`, to sit in a chain of conditions.
    private mutating func skipWhitespace() -> Bool {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return true
            }
        }
        return true
    }
}
