/// A stable 64-bit FNV-1a digest of a list of optional strings, as 16 hex digits.
///
/// Used to tell a repeated share (same id, same content) from a conflicting one. It is not a
/// security hash: it only has to tell apart two requests that one client sent with the same id.
enum Fingerprint {
    static func of(_ parts: [String?]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for part in parts {
            if let part {
                mix(1)
                for byte in part.utf8 { mix(byte) }
            } else {
                mix(0)
            }
            mix(0x1E)
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
