import Foundation

extension UUID {
    /// The canonical lower-case text form (`0b156044-0fc3-476d-b75e-f104ba3cb7df`).
    ///
    /// Written by hand: Foundation's `uuidString` goes through `snprintf` on Linux, and stores
    /// turn ids into text several times per share.
    public var lowercasedText: String { text(digits: "0123456789abcdef") }

    /// The canonical upper-case text form, as Foundation's `uuidString` and `JSONEncoder` write it.
    public var uppercasedText: String { text(digits: "0123456789ABCDEF") }

    private func text(digits: StaticString) -> String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = digits.utf8Start[Int(byte >> 4)]
                    buffer[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }

    /// Reads the canonical text form in either case; `nil` for anything else.
    /// (Foundation's `UUID(uuidString:)` goes through `sscanf` on Linux.)
    public init?(text: some StringProtocol) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(16)
        var high: UInt8?
        var count = 0
        for unit in text.utf8 {
            count += 1
            guard count <= 36 else { return nil }
            if count == 9 || count == 14 || count == 19 || count == 24 {
                guard unit == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let nibble = Self.nibble(unit) else { return nil }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard count == 36, bytes.count == 16 else { return nil }
        self.init(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }

    private static func nibble(_ unit: UInt8) -> UInt8? {
        switch unit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): unit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): unit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): unit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
