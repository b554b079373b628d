/// One byte range of a `Range: bytes=…` request header, resolved against a file's size.
struct ByteRange: Equatable {
    /// The first byte.
    var start: Int64
    /// The last byte (inclusive).
    var end: Int64

    /// How many bytes the range holds.
    var length: Int64 { end - start + 1 }

    /// The outcome of reading a `Range` header.
    enum Request: Equatable {
        /// No usable single range: send the whole file (several ranges are answered whole too).
        case whole
        /// Send this part.
        case part(ByteRange)
        /// The range lies past the end: 416.
        case unsatisfiable
    }

    /// Reads `bytes=a-b`, `bytes=a-` and `bytes=-n` against a file of `size` bytes.
    static func parse(_ header: String?, size: Int64) -> Request {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let sides = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard sides.count == 2 else { return .whole }
        let first = Int64(sides[0])
        let last = Int64(sides[1])
        switch (sides[0].isEmpty, sides[1].isEmpty) {
        case (true, false):
            guard let suffix = last, suffix > 0 else { return suffixIsZero(last) }
            guard size > 0 else { return .unsatisfiable }
            return .part(ByteRange(start: max(0, size - suffix), end: size - 1))
        case (false, _):
            guard let start = first, start >= 0 else { return .whole }
            guard start < size else { return .unsatisfiable }
            if sides[1].isEmpty { return .part(ByteRange(start: start, end: size - 1)) }
            guard let end = last, end >= start else { return .whole }
            return .part(ByteRange(start: start, end: min(end, size - 1)))
        default:
            return .whole
        }
    }

    private static func suffixIsZero(_ last: Int64?) -> Request { last == 0 ? .unsatisfiable : .whole }
}

import Foundation
