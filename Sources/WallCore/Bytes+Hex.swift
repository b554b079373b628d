extension Sequence where Element == UInt8 {
    /// The bytes as lower-case hex, two digits a byte. Written by hand because Foundation's
    /// `String(format:)` goes through `snprintf` on Linux, which shows on hot paths; bytes in
    /// one piece of memory (an array, a digest's `withUnsafeBytes`) are read from it directly.
    public var lowercaseHex: String {
        if let hex = withContiguousStorageIfAvailable(hexOfContiguousBytes) { return hex }
        return Array(self).withUnsafeBufferPointer(hexOfContiguousBytes)
    }
}

/// `bytes` as lower-case hex, written straight into the string's storage.
private func hexOfContiguousBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: bytes.count * 2) { hex in
        for (index, byte) in bytes.enumerated() {
            hex[2 * index] = lowercaseHexDigit(byte >> 4)
            hex[2 * index + 1] = lowercaseHexDigit(byte & 0x0F)
        }
        return bytes.count * 2
    }
}

private func lowercaseHexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
}
