import Foundation
import Testing
@testable import WallServer

/// The bytes a page's `ETag` is taken over: the page without its volatile parts, the same bytes
/// Foundation's `replacingOccurrences` left (so tags already in browsers stay valid).
@Suite struct PageValidatorTests {
    @Test func volatilePartsAreLeftOutAsFoundationWould() {
        let id = "5D0C1E7A-93F2-4B8E-A1C4-2F6B9E0D7C31"
        let pages = [
            "<form><input name=\"id\" value=\"\(id)\"></form><p>Café — naïve ✓ \(id)</p>",
            "no volatile part here, only text: été",
            "\(id)\(id)",
            "5D0C1E7A-93F2 partial 5D0C1E7A-93F2-4B8E-A1C4-2F6B9E0D7C3 near misses",
            "",
        ]
        for page in pages {
            let expected = Array(page.replacingOccurrences(of: id, with: "").replacingOccurrences(of: "é", with: "").utf8)
            #expect(PageValidator.bytes(of: page, leavingOut: [id, "", "é"]) == expected, "\(page)")
        }
    }

    @Test func twoRendersDifferingOnlyInTheVolatilePartShareATag() {
        let one = PageValidator.bytes(of: "<p>wall</p><input value=\"A-1\">", leavingOut: ["A-1"])
        let two = PageValidator.bytes(of: "<p>wall</p><input value=\"B-2\">", leavingOut: ["B-2"])
        let changed = PageValidator.bytes(of: "<p>walls</p><input value=\"B-2\">", leavingOut: ["B-2"])
        #expect(one == two)
        #expect(one != changed)
    }
}
