import Foundation
import Testing
import WallCore

/// The hand-written UUID text conversions agree with Foundation's and refuse what is not a UUID.
@Suite struct UUIDTextTests {
    @Test func lowercasedTextMatchesFoundation() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(id.lowercasedText == id.uuidString.lowercased())
        }
    }

    @Test func textReadsBothCasesBack() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(UUID(text: id.uuidString) == id)
            #expect(UUID(text: id.lowercasedText) == id)
        }
    }

    @Test(arguments: [
        "", "not-a-uuid", "0b156044-0fc3-476d-b75e-f104ba3cb7d", "0b156044-0fc3-476d-b75e-f104ba3cb7dff",
        "0b1560440fc3-476d-b75e-f104ba3cb7dff", "0b156044-0fc3-476d-b75e-f104ba3cb7dg", "0b156044_0fc3_476d_b75e_f104ba3cb7df",
    ])
    func textRefusesWhatIsNotAUUID(text: String) {
        #expect(UUID(text: text) == nil)
        #expect(UUID(uuidString: text) == nil, "Foundation agrees")
    }

    @Test func timeOrderedIdsSortByTimeAndAreVersion7() {
        let base = Date(timeIntervalSince1970: 1_795_000_000)
        let ids = (0..<200).map { UUID.timeOrdered(at: base.addingTimeInterval(Double($0) / 1000)) }
        #expect(ids.map(\.lowercasedText) == ids.map(\.lowercasedText).sorted())
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let text = id.lowercasedText
            #expect(text[text.index(text.startIndex, offsetBy: 14)] == "7", "version nibble")
            #expect("89ab".contains(text[text.index(text.startIndex, offsetBy: 19)]), "RFC 4122 variant")
        }
    }
}
