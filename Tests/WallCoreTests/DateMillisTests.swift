import Foundation
import Testing
import WallCore

@Suite struct DateMillisTests {
    @Test(arguments: [
        (1_700_000_000.123_4, 1_700_000_000_123 as Int64),
        (1_700_000_000.123_6, 1_700_000_000_124),
        (1_700_000_000, 1_700_000_000_000),
        (0, 0),
        (-1.25, -1_250),
    ])
    func millisecondsAreRounded(seconds: Double, millis: Int64) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(date.millisSince1970 == millis)
        #expect(date.roundedToMillis == Date(timeIntervalSince1970: Double(millis) / 1_000))
    }

    @Test func roundingTwiceChangesNothing() {
        let once = Date(timeIntervalSince1970: 1_700_000_000.987_654).roundedToMillis
        #expect(once.roundedToMillis == once)
        #expect(once.millisSince1970 == 1_700_000_000_988)
    }
}
