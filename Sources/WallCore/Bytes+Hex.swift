extension Sequence where Element == UInt8 {
    /// The bytes as lower-case hex, two digits a byte. Written by hand because Foundation's
    /// `String(format:)` goes through `snprintf` on Linux, which shows on hot paths.
    public var lowercaseHex: String {
        var hex: [UInt8] = []
        hex.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            hex.append(lowercaseHexDigits[Int(byte >> 4)])
            hex.append(lowercaseHexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}

private let lowercaseHexDigits = Array("0123456789abcdef".utf8)
