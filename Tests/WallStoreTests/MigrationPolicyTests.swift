import Testing
@testable import WallStore

/// Which steps a store applies when opened by the server (`upgrade`) and by an admin command run
/// beside it (`requireCurrent`).
@Suite struct MigrationPolicyTests {
    static let history = ["v1", "v2", "v3"]

    @Test("The server applies whatever steps a database lacks")
    func upgradeAppliesTheMissingSteps() throws {
        #expect(try MigrationPolicy.upgrade.stepsToApply(history: Self.history, applied: [], database: "d") == Self.history)
        #expect(try MigrationPolicy.upgrade.stepsToApply(history: Self.history, applied: ["v1"], database: "d") == ["v2", "v3"])
        #expect(try MigrationPolicy.upgrade.stepsToApply(history: Self.history, applied: Set(Self.history), database: "d").isEmpty)
    }

    @Test("An admin command sets up a new database and uses a current one")
    func requireCurrentSetsUpANewDatabase() throws {
        #expect(try MigrationPolicy.requireCurrent.stepsToApply(history: Self.history, applied: [], database: "d") == Self.history)
        #expect(try MigrationPolicy.requireCurrent.stepsToApply(history: Self.history, applied: Set(Self.history), database: "d").isEmpty)
    }

    @Test("An admin command refuses a database an older dwall made, naming the first step it lacks")
    func requireCurrentRefusesAnOlderDatabase() {
        let failure = #expect(throws: MigrationFailure.self) {
            try MigrationPolicy.requireCurrent.stepsToApply(history: Self.history, applied: ["v1"], database: "wall.sqlite")
        }
        #expect(failure == MigrationFailure(database: "wall.sqlite", migration: "v2", reason: .olderDatabase))
        #expect(failure?.description.contains("Start this version's server") == true)
    }

    @Test("Neither uses a database a newer dwall made", arguments: [MigrationPolicy.upgrade, .requireCurrent])
    func neitherUsesANewerDatabase(policy: MigrationPolicy) {
        let failure = #expect(throws: MigrationFailure.self) {
            try policy.stepsToApply(history: Self.history, applied: ["v1", "v2", "v3", "v4"], database: "d")
        }
        #expect(failure?.reason == .newerDatabase)
        #expect(failure?.migration == "v4")
    }
}
