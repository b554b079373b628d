import Foundation

extension ImportEntry {
    /// A stable id for an entry from a file that has none: the same link (or passage) bound for
    /// the same wall always gets the same id, so importing a file twice adds nothing.
    ///
    /// Two FNV-1a digests of the parts make 128 bits, marked as a version 8 (custom) UUID.
    public static func derivedID(kind: ItemKind, url: String?, text: String?, wall: String?) -> UUID {
        let parts = [kind.rawValue, url, text, wall?.lowercased()]
        let high = UInt64(Fingerprint.of(["dwall-import-a"] + parts), radix: 16) ?? 0
        let low = UInt64(Fingerprint.of(["dwall-import-b"] + parts), radix: 16) ?? 0
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }
}
