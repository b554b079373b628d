import Foundation
import Testing
import WallCore
@testable import WallStore

/// The retention rule on plain values: the cut-offs, the first event kept, and the horizon.
@Suite("Retention rule")
struct RetentionRuleTests {
    let now = Date(timeIntervalSince1970: 1_767_000_000)

    @Test("Each kind of history is cut off its own length before now")
    func cutoffs() {
        let policy = RetentionPolicy(events: 30 * 86_400, deadJobs: 7 * 86_400, receipts: 3_600)
        #expect(RetentionRule.cutoffs(policy, now: now) == RetentionCutoffs(
            events: now.addingTimeInterval(-30 * 86_400), deadJobs: now.addingTimeInterval(-7 * 86_400),
            receipts: now.addingTimeInterval(-3_600)
        ))
    }

    @Test("The oldest event inside the horizon is the first kept; with none inside, the newest is")
    func firstKeptEvent() {
        #expect(RetentionRule.firstKeptEvent(oldestInsideHorizon: 40, newest: 90) == 40)
        #expect(RetentionRule.firstKeptEvent(oldestInsideHorizon: nil, newest: 90) == 90, "the log never empties")
        #expect(RetentionRule.firstKeptEvent(oldestInsideHorizon: nil, newest: nil) == nil, "nothing to keep")
    }

    @Test("The horizon is one less than the oldest kept event, and 0 for an empty log")
    func horizon() {
        #expect(RetentionRule.horizon(oldestKept: 90) == 89)
        #expect(RetentionRule.horizon(oldestKept: 1) == 0)
        #expect(RetentionRule.horizon(oldestKept: nil) == 0)
    }

    @Test("A page resumes after its person's newest event, never behind the horizon")
    func lastEventSeq() {
        #expect(RetentionRule.lastEventSeq(usersNewest: 120, oldestKept: 90) == 120)
        #expect(RetentionRule.lastEventSeq(usersNewest: 50, oldestKept: 90) == 89, "their events were pruned")
        #expect(RetentionRule.lastEventSeq(usersNewest: nil, oldestKept: 90) == 89, "no events of theirs")
        #expect(RetentionRule.lastEventSeq(usersNewest: nil, oldestKept: nil) == 0)
    }
}
