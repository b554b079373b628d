import Testing
import WallCore

/// Bytes as lower-case hex, as the store, the token hash and the asset names write them.
@Suite struct BytesHexTests {
    @Test func bytesBecomeTwoLowerCaseDigitsEach() {
        #expect([UInt8]().lowercaseHex == "")
        #expect([0x00, 0x0f, 0xa0, 0xff].lowercaseHex == "000fa0ff")
        #expect(Array(UInt8.min...UInt8.max).lowercaseHex.count == 512)
        #expect([0x12, 0x34, 0xab, 0xcd][1...].lowercaseHex == "34abcd")
        #expect(AnySequence([0x00, 0x9a, 0xff] as [UInt8]).lowercaseHex == "009aff")
        #expect(([0x01, 0xfe] as [UInt8]).withUnsafeBytes { $0.lowercaseHex } == "01fe")
        let all = Array(UInt8.min...UInt8.max).lowercaseHex
        #expect(all.hasPrefix("000102030405060708090a0b0c0d0e0f10") && all.hasSuffix("fdfeff"))
    }
}
