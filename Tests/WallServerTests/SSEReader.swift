import Foundation
import NIOCore

/// One server-sent event as a client reads it.
struct SSEEvent: Sendable, Equatable {
    /// The `id:` field.
    var id: String?
    /// The `event:` field.
    var event: String?
    /// The `data:` lines, joined by line breaks.
    var data: String
}

/// Reads an HTTP/1.1 response head, then its body line by line and event by event.
struct SSEReader {
    /// The response status code.
    private(set) var status = 0
    /// The response headers, names lower-cased.
    private(set) var headers: [String: String] = [:]

    private enum Framing {
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case length(remaining: Int)
        case untilClose
        case done
    }

    private var iterator: AsyncStream<ByteBuffer>.Iterator
    private var raw: [UInt8] = []
    private var body: [UInt8] = []
    private var framing = Framing.untilClose
    private var closed = false

    init(_ bytes: AsyncStream<ByteBuffer>) { iterator = bytes.makeAsyncIterator() }

    /// Reads the status line and headers.
    mutating func readHead() async throws {
        let separator = Array("\r\n\r\n".utf8)
        var end = Self.find(separator, in: raw)
        while end == nil {
            guard try await receive() else { throw SSEClientError.malformed("no response head") }
            end = Self.find(separator, in: raw)
        }
        guard let end else { throw SSEClientError.malformed("no response head") }
        let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        raw.removeFirst(end + separator.count)
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let code = Int(statusParts[1]) else {
            throw SSEClientError.malformed(lines[0])
        }
        status = code
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            framing = .chunkSize
        } else if let length = headers["content-length"].flatMap(Int.init) {
            framing = .length(remaining: length)
        }
        try decodeBody()
    }

    /// The next event that has an `event:` or `data:` field; comments and `retry:` are skipped.
    mutating func nextEvent() async throws -> SSEEvent {
        var event = SSEEvent(id: nil, event: nil, data: "")
        var hasData = false
        while let line = try await nextLine() {
            if line.isEmpty {
                if event.event != nil || hasData { return event }
                continue
            }
            if line.hasPrefix(":") { continue }
            let (field, value) = Self.field(line)
            switch field {
            case "id": event.id = value
            case "event": event.event = value
            case "data":
                event.data += hasData ? "\n" + value : value
                hasData = true
            default: break
            }
        }
        throw SSEClientError.ended
    }

    /// The next line of the body, without its line break; `nil` once the body has ended.
    mutating func nextLine() async throws -> String? {
        while true {
            if let newline = body.firstIndex(of: 0x0A) {
                var line = Array(body[..<newline])
                body.removeFirst(newline + 1)
                if line.last == 0x0D { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if case .done = framing { return nil }
            guard try await receive() else { return nil }
            try decodeBody()
        }
    }

    /// Reads until the server ends the body; returns the events that came before the end.
    mutating func readToEnd() async throws -> [SSEEvent] {
        var events: [SSEEvent] = []
        while true {
            do {
                events.append(try await nextEvent())
            } catch SSEClientError.ended {
                return events
            }
        }
    }

    // MARK: Bytes

    /// Waits for more bytes; false when the connection has closed.
    private mutating func receive() async throws -> Bool {
        guard !closed, let buffer = await iterator.next() else {
            closed = true
            if case .untilClose = framing { framing = .done }
            if Task.isCancelled { throw SSEClientError.timedOut }
            return false
        }
        raw += buffer.readableBytesView
        return true
    }

    /// Moves body bytes from `raw` to `body`, undoing chunked framing.
    private mutating func decodeBody() throws {
        while true {
            switch framing {
            case .done:
                return
            case .untilClose:
                body += raw
                raw.removeAll()
                return
            case .length(let remaining):
                let count = min(remaining, raw.count)
                body += raw[..<count]
                raw.removeFirst(count)
                framing = remaining == count ? .done : .length(remaining: remaining - count)
                return
            case .chunkSize:
                guard let end = Self.find(Array("\r\n".utf8), in: raw) else { return }
                let line = String(decoding: raw[..<end], as: UTF8.self)
                raw.removeFirst(end + 2)
                let hex = line.split(separator: ";").first.map(String.init) ?? ""
                guard let size = Int(hex.trimmingCharacters(in: .whitespaces), radix: 16) else {
                    throw SSEClientError.malformed("chunk size '\(line)'")
                }
                framing = size == 0 ? .done : .chunkData(remaining: size)
            case .chunkData(let remaining):
                guard !raw.isEmpty else { return }
                let count = min(remaining, raw.count)
                body += raw[..<count]
                raw.removeFirst(count)
                framing = remaining == count ? .chunkEnd : .chunkData(remaining: remaining - count)
            case .chunkEnd:
                guard raw.count >= 2 else { return }
                raw.removeFirst(2)
                framing = .chunkSize
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    private static func field(_ line: String) -> (String, String) {
        guard let colon = line.firstIndex(of: ":") else { return (line, "") }
        var value = line[line.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        return (String(line[..<colon]), String(value))
    }
}
