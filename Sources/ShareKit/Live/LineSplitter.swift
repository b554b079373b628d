import Foundation

/// Cuts a byte stream that arrives in chunks into UTF-8 lines ending in LF, CRLF or CR, even when
/// a line ending (or a character) is split between chunks.
public struct LineSplitter: Sendable {
    private var pending = Data()
    private var skipLeadingLF = false

    /// Makes a splitter.
    public init() {}

    /// Takes the next chunk; returns the lines it completes, without their endings.
    public mutating func feed(_ chunk: Data) -> [String] {
        var lines: [String] = []
        for byte in chunk {
            if skipLeadingLF {
                skipLeadingLF = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A:
                lines.append(takeLine())
            case 0x0D:
                lines.append(takeLine())
                skipLeadingLF = true
            default:
                pending.append(byte)
            }
        }
        return lines
    }

    private mutating func takeLine() -> String {
        defer { pending.removeAll(keepingCapacity: true) }
        return String(decoding: pending, as: UTF8.self)
    }
}
