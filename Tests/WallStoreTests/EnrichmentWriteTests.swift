import Foundation
import Testing
import WallCore
@testable import WallStore

/// What recording an enrichment writes, on plain values.
@Suite("Enrichment write")
struct EnrichmentWriteTests {
    @Test("A refresh only marks the item pending; a result carries its state and what it found")
    func refreshAndResult() {
        let preview = LinkPreview(title: "A page")
        #expect(EnrichmentWrite(state: .pending, preview: preview) == .markPending)
        #expect(EnrichmentWrite(state: .ready, preview: preview) == .result(.ready, preview))
        #expect(EnrichmentWrite(state: .failed, preview: nil) == .result(.failed, nil))
    }
}
