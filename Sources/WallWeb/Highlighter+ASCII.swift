/// The highlighter's path for all-ASCII text (most titles, notes and passages), on UTF-8 bytes:
/// there a word is a run of ASCII letters and digits and folding is lower-casing, so it marks
/// exactly what the general path marks without walking `Character`s (grapheme breaking) or
/// allocating a folded copy of every word, which made a search page's cards cost more to build
/// than the first page's.
extension Highlighter {
    /// Where the query words match in `text` as UTF-8 offsets of each marked prefix, in order (at
    /// most one when `firstOnly`); nil when `text` is not all ASCII.
    func asciiMatches(in text: String, firstOnly: Bool = false) -> [Range<Int>]? {
        var text = text
        return text.withUTF8 { bytes -> [Range<Int>]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var matches: [Range<Int>] = []
            var index = 0
            while index < bytes.count {
                guard Self.isWordByte(bytes[index]) else {
                    index += 1
                    continue
                }
                var wordEnd = index + 1
                while wordEnd < bytes.count, Self.isWordByte(bytes[wordEnd]) { wordEnd += 1 }
                if let length = longestMatch(bytes, word: index..<wordEnd) {
                    matches.append(index..<(index + length))
                    if firstOnly { return matches }
                }
                index = wordEnd
            }
            return matches
        }
    }

    /// The length of the longest ASCII query word that the word at `word` starts with.
    private func longestMatch(_ bytes: UnsafeBufferPointer<UInt8>, word: Range<Int>) -> Int? {
        var best: Int?
        for query in asciiWords where query.count <= word.count && query.count > (best ?? 0) {
            var same = true
            for offset in 0..<query.count where Self.lowered(bytes[word.lowerBound + offset]) != query[offset] {
                same = false
                break
            }
            if same { best = query.count }
        }
        return best
    }

    /// An ASCII letter or digit (what `Character.isLetter || isNumber` is in ASCII).
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// `text` cut at `matches` (UTF-8 offsets, in order), the matches marked.
    static func parts(_ text: String, at matches: [Range<Int>]) -> [TextPart] {
        var text = text
        return text.withUTF8 { bytes in
            func piece(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            var parts: [TextPart] = []
            var plainStart = 0
            for match in matches {
                if plainStart < match.lowerBound { parts.append(TextPart(piece(plainStart..<match.lowerBound))) }
                parts.append(TextPart(piece(match), match: true))
                plainStart = match.upperBound
            }
            if plainStart < bytes.count { parts.append(TextPart(piece(plainStart..<bytes.count))) }
            return parts
        }
    }
}
