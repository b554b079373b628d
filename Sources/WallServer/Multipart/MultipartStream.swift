import WallCore

/// The one `multipart/form-data` parser (RFC 7578): fed the body as it arrives, it reports each
/// part's headers, its bytes and its end to a `MultipartPartHandler`.
///
/// It works in time linear in the bytes fed, whatever they are: a delimiter can only begin at a
/// `\r` and a boundary holds none, so every byte is looked at a bounded number of times, and no
/// part's bytes are ever copied again once handed on. It holds at most one part's header block
/// (`Limits.maxPartHeaderBytes`) and a delimiter's length of body. Its caps are refused as the
/// bytes arrive: a part's header block, the preamble and epilogue, the number of parts and the
/// whole body; the caps on fields and files are the handler's.
struct MultipartStream {
    private enum State {
        /// Before the first delimiter (the preamble, thrown away), or in a part's body.
        case preamble, body
        /// Just after a delimiter: `--` ends the body, `\r\n` begins a part's headers.
        case delimiter
        /// In a part's header block.
        case headers
        /// After the closing delimiter (the epilogue, thrown away).
        case done
    }

    private let delimiter: [UInt8]
    private let maxBodyBytes: Int64
    private var state = State.preamble
    /// Bytes not yet handed on, from `start`; the stream begins with a virtual `\r\n`, so the first
    /// delimiter is found as every other one is.
    private var buffer: [UInt8] = [13, 10]
    private var start = 0
    /// Where the search for the end of the header block resumes.
    private var headerScan = 0
    private var skippedBytes = 0
    private var bodyBytes: Int64 = 0
    /// How many parts have begun.
    private(set) var partCount = 0

    /// Makes a parser for a body with this boundary; refuses a boundary RFC 2046 does not allow.
    init(boundary: String, maxBodyBytes: Int64) throws(MultipartRefusal) {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), !bytes.contains(13), !bytes.contains(10) else {
            throw .unreadable("The multipart boundary is not 1 to 70 characters without line breaks.")
        }
        delimiter = [13, 10, 45, 45] + bytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// Whether the closing delimiter has been read.
    var isComplete: Bool { state == .done }

    /// Parses the next bytes of the body, reporting what they complete.
    mutating func feed(_ bytes: some Collection<UInt8>, into handler: inout some MultipartPartHandler) throws {
        bodyBytes += Int64(bytes.count)
        guard bodyBytes <= maxBodyBytes else {
            throw MultipartRefusal.tooLarge("The multipart body is larger than \(maxBodyBytes) bytes.")
        }
        buffer.append(contentsOf: bytes)
        var progressing = true
        while progressing {
            switch state {
            case .preamble, .body: progressing = try scanBody(into: &handler)
            case .delimiter: progressing = try readDelimiterEnd()
            case .headers: progressing = try readHeaders(into: &handler)
            case .done:
                try skip(buffer.count - start, what: "epilogue")
                progressing = false
            }
        }
        compact()
    }

    /// Checks that the body ended with its closing delimiter.
    func finish() throws(MultipartRefusal) {
        guard state == .done else { throw .unreadable("The multipart body is not readable (or ended early).") }
    }

    // MARK: States

    /// Hands on the body bytes that cannot be part of a delimiter; true when a delimiter was found.
    private mutating func scanBody(into handler: inout some MultipartPartHandler) throws -> Bool {
        let found = buffer.withUnsafeBufferPointer { bytes in
            delimiter.withUnsafeBufferPointer { delimiter in Self.search(bytes, from: start, for: delimiter) }
        }
        switch found {
        case .whole(let at):
            try emit(upTo: at, into: &handler)
            if state == .body { try handler.partEnded() }
            start = at + delimiter.count
            state = .delimiter
            return true
        case .partial(let at):
            try emit(upTo: at, into: &handler)
            return false
        case .none:
            try emit(upTo: buffer.count, into: &handler)
            return false
        }
    }

    private enum Found { case whole(Int), partial(Int), none }

    /// Where `delimiter` begins in `bytes` from `from`, or where a prefix of it ends them. Each
    /// byte is looked at a bounded number of times: a match can only begin at a `\r`, and the
    /// bytes a failed match looked at after its `\r` hold no `\r` (a boundary has none).
    private static func search(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, for delimiter: UnsafeBufferPointer<UInt8>) -> Found {
        var index = from
        let count = bytes.count
        while index < count {
            guard bytes[index] == 13 else {
                index += 1
                continue
            }
            var matched = 1
            while matched < delimiter.count, index + matched < count, bytes[index + matched] == delimiter[matched] {
                matched += 1
            }
            if matched == delimiter.count { return .whole(index) }
            if index + matched == count { return .partial(index) }
            index += 1
        }
        return .none
    }

    /// After a delimiter: `--` (the end) or optional blanks and `\r\n` (a part's headers follow).
    private mutating func readDelimiterEnd() throws -> Bool {
        var index = start
        while index < buffer.count, buffer[index] == 32 || buffer[index] == 9 { index += 1 }
        try skip(index - start, what: "delimiter padding")
        start = index
        guard buffer.count - start >= 2 else { return false }
        switch (buffer[start], buffer[start + 1]) {
        case (45, 45):
            start += 2
            state = .done
        case (13, 10):
            // The `\r\n` stays: the header block is found as the bytes between it and `\r\n\r\n`.
            headerScan = start
            state = .headers
        default:
            throw MultipartRefusal.unreadable("The multipart body is not readable (a delimiter is followed by other bytes).")
        }
        return true
    }

    /// Reads a part's header block once it is whole; true when it was.
    private mutating func readHeaders(into handler: inout some MultipartPartHandler) throws -> Bool {
        guard let end = find([13, 10, 13, 10], from: headerScan) else {
            headerScan = max(start, buffer.count - 3)
            guard buffer.count - start - 2 <= Limits.maxPartHeaderBytes else { throw headersTooLarge }
            return false
        }
        guard end - start - 2 <= Limits.maxPartHeaderBytes else { throw headersTooLarge }
        partCount += 1
        guard partCount <= Limits.maxMultipartParts else {
            throw MultipartRefusal.tooLarge("A multipart body holds at most \(Limits.maxMultipartParts) parts.")
        }
        let headers = try MultipartPartHeaders(buffer[min(start + 2, end)..<end])
        try handler.partBegan(headers)
        start = end + 4
        state = .body
        return true
    }

    // MARK: Helpers

    private var headersTooLarge: MultipartRefusal {
        .tooLarge("A part's headers are larger than \(Limits.maxPartHeaderBytes) bytes.")
    }

    /// Hands on (in a part) or throws away (in the preamble) the bytes from `start` up to `end`.
    private mutating func emit(upTo end: Int, into handler: inout some MultipartPartHandler) throws {
        guard end > start else { return }
        if state == .body {
            try handler.partBytes(buffer[start..<end])
        } else {
            try skip(end - start, what: "preamble")
        }
        start = end
    }

    /// Counts bytes outside any part (preamble, epilogue, padding) against their cap.
    private mutating func skip(_ count: Int, what: String) throws(MultipartRefusal) {
        skippedBytes += count
        if state == .done { start += count }
        guard skippedBytes <= Limits.maxPartHeaderBytes else {
            throw .tooLarge("The multipart body's \(what) is larger than \(Limits.maxPartHeaderBytes) bytes.")
        }
    }

    /// Drops the bytes handed on, now and then, so holding the rest costs no copying per byte.
    private mutating func compact() {
        guard start > 0, start >= buffer.count - start || start >= 65_536 else { return }
        buffer.removeFirst(start)
        headerScan = max(0, headerScan - start)
        start = 0
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        var index = from
        while index + needle.count <= buffer.count {
            guard let cr = buffer[index...].firstIndex(of: needle[0]), cr + needle.count <= buffer.count else { return nil }
            if buffer[cr..<(cr + needle.count)].elementsEqual(needle) { return cr }
            index = cr + 1
        }
        return nil
    }
}

/// What a `MultipartStream` reports, part by part.
protocol MultipartPartHandler {
    /// A part begins, with its headers.
    mutating func partBegan(_ headers: MultipartPartHeaders) throws
    /// The next bytes of the current part (never a copy of bytes reported before).
    mutating func partBytes(_ bytes: ArraySlice<UInt8>) throws
    /// The current part ended.
    mutating func partEnded() throws
}

/// Why a multipart body was refused: unreadable (400) or past a cap (413).
enum MultipartRefusal: Error, Equatable {
    /// The body is not multipart as its content type says.
    case unreadable(String)
    /// The body passed one of the caps.
    case tooLarge(String)

    /// The sentence a person reads.
    var message: String {
        switch self {
        case .unreadable(let message), .tooLarge(let message): message
        }
    }
}
