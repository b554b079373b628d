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
        #expect(EnrichmentWrite(state: .pending, preview: preview, over: nil) == .markPending)
        #expect(EnrichmentWrite(state: .ready, preview: preview, over: nil) == .result(.ready, preview))
        #expect(EnrichmentWrite(state: .failed, preview: nil, over: preview) == .result(.failed, nil))
    }

    @Test("A result asked for before the one the item shows writes nothing; one asked for at the same time or later does")
    func laterRequestStands() {
        func preview(_ title: String, askedAt seconds: TimeInterval?) -> LinkPreview {
            var preview = LinkPreview(title: title)
            preview.requestedAt = seconds.map { Date(timeIntervalSince1970: $0) }
            return preview
        }
        let shown = preview("second share", askedAt: 200)
        #expect(EnrichmentWrite(state: .ready, preview: preview("first share", askedAt: 100), over: shown) == .superseded)
        #expect(EnrichmentWrite(state: .failed, preview: preview("first share", askedAt: 100), over: shown) == .superseded)
        let later = preview("a refresh", askedAt: 300)
        #expect(EnrichmentWrite(state: .ready, preview: later, over: shown) == .result(.ready, later))
        let again = preview("same job again", askedAt: 200)
        #expect(EnrichmentWrite(state: .ready, preview: again, over: shown) == .result(.ready, again))
        let unstamped = preview("written before stamps", askedAt: nil)
        #expect(EnrichmentWrite(state: .ready, preview: shown, over: unstamped) == .result(.ready, shown))
        #expect(EnrichmentWrite(state: .pending, preview: nil, over: shown) == .markPending, "a refresh marks it all the same")
    }
}
