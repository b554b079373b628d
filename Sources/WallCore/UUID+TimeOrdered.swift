import Foundation

extension UUID {
    /// A version 7 UUID: 48 bits of Unix milliseconds, then random bits.
    ///
    /// Ids made this way sort by creation time, so a database index on them grows at its end
    /// instead of touching a random page per insert; and making one needs no file access
    /// (Foundation's `UUID()` reads `/dev/urandom` on Linux each time).
    public static func timeOrdered(at date: Date = Date()) -> UUID {
        var generator = SystemRandomNumberGenerator()
        let random = generator.next() as UInt64
        let randomTail = generator.next() as UInt64
        let millis = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded()))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: millis >> (40 - 8 * UInt64(index))) }
        for index in 6..<8 { bytes[index] = UInt8(truncatingIfNeeded: random >> (8 * UInt64(index - 6))) }
        for index in 8..<16 { bytes[index] = UInt8(truncatingIfNeeded: randomTail >> (8 * UInt64(index - 8))) }
        bytes[6] = (bytes[6] & 0x0F) | 0x70
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }
}
