import Testing
import WallCore
@testable import WallStore

/// When the relay's watchdog calls a listening connection deaf: an event that was in the log a
/// whole check ago still unseen, no work begun since (no notice, no catch-up), none running.
@Suite("Relay watch")
struct PostgresRelayWatchTests {
    @Test("The first check only takes note")
    func firstCheckTakesNote() {
        var watch = PostgresRelayWatch()
        let deaf = watch.isDeaf(head: 10, lastSeen: 0, begun: 0, busy: false)
        #expect(!deaf)
    }

    @Test("An event in the log a whole check ago, still unseen with no notice since, means deaf")
    func unseenOldEventIsDeaf() {
        var watch = PostgresRelayWatch()
        _ = watch.isDeaf(head: 10, lastSeen: 9, begun: 4, busy: false)
        let deaf = watch.isDeaf(head: 10, lastSeen: 9, begun: 4, busy: false)
        #expect(deaf)
    }

    @Test("An event committed just before the check, its notice still on the way, is not yet deafness")
    func eventJustBeforeTheCheckIsNotDeaf() {
        var watch = PostgresRelayWatch()
        _ = watch.isDeaf(head: 9, lastSeen: 9, begun: 4, busy: false)
        let deafAtOnce = watch.isDeaf(head: 10, lastSeen: 9, begun: 4, busy: false)
        #expect(!deafAtOnce)
        // Still unseen, and nothing heard, a whole check later: deaf.
        let deafLater = watch.isDeaf(head: 10, lastSeen: 9, begun: 4, busy: false)
        #expect(deafLater)
    }

    @Test("A notice received since the previous check means the connection hears")
    func aNoticeSinceMeansHearing() {
        var watch = PostgresRelayWatch()
        _ = watch.isDeaf(head: 10, lastSeen: 5, begun: 4, busy: false)
        let deaf = watch.isDeaf(head: 12, lastSeen: 8, begun: 5, busy: false)
        #expect(!deaf)
    }

    @Test("A relay busy with a slow notice or a long catch-up is not deaf")
    func busyIsNotDeaf() {
        var watch = PostgresRelayWatch()
        _ = watch.isDeaf(head: 10, lastSeen: 5, begun: 5, busy: true)
        let deaf = watch.isDeaf(head: 10, lastSeen: 5, begun: 5, busy: true)
        #expect(!deaf)
    }

    @Test("A quiet log with everything seen is not deafness")
    func quietIsNotDeaf() {
        var watch = PostgresRelayWatch()
        for _ in 1...3 {
            let deaf = watch.isDeaf(head: 10, lastSeen: 10, begun: 4, busy: false)
            #expect(!deaf)
        }
    }

    @Test("A first LISTEN has until the start deadline, and its grace after migrations that took nearly all of it")
    func firstListenDeadline() {
        let start = ContinuousClock.now
        let deadline = start + .seconds(30)
        let quick = PostgresStore.firstListenDeadline(startDeadline: deadline, migratedAt: start + .seconds(2))
        #expect(quick == deadline, "migrated early: the start deadline")
        let slow = PostgresStore.firstListenDeadline(startDeadline: deadline, migratedAt: start + .milliseconds(29_700))
        #expect(slow == start + .milliseconds(29_700) + Limits.firstListenGrace, "migrated late: the grace after")
    }

    @Test("A watch with more patience gives the LISTENs that many whole intervals")
    func patienceCountsWholeIntervals() {
        var watch = PostgresRelayWatch(patience: 4)
        for check in 1...4 {
            let stuck = watch.isStuck(phase: .awaitingListen)
            #expect(!stuck, "check \(check) of 4 intervals")
        }
        let stuck = watch.isStuck(phase: .awaitingListen)
        #expect(stuck)
    }

    @Test("A connection awaiting its LISTENs at two checks in a row is stuck before it listens")
    func awaitingTwiceIsStuck() {
        var watch = PostgresRelayWatch()
        let stuckAtOnce = watch.isStuck(phase: .awaitingListen)
        #expect(!stuckAtOnce, "the first check only takes note: the LISTEN may have just been sent")
        let stuckLater = watch.isStuck(phase: .awaitingListen)
        #expect(stuckLater)
    }

    @Test("A connection that listened between two checks is not stuck, nor one that listens")
    func listeningIsNotStuck() {
        var watch = PostgresRelayWatch()
        _ = watch.isStuck(phase: .awaitingListen)
        let justListened = watch.isStuck(phase: .listening)
        #expect(!justListened)
        for _ in 1...2 {
            let listening = watch.isStuck(phase: .listening)
            #expect(!listening)
        }
    }

    @Test("A connection still being opened is left to its connect timeout")
    func leasingIsNotStuck() {
        var watch = PostgresRelayWatch()
        for _ in 1...3 {
            let stuck = watch.isStuck(phase: .leasing)
            #expect(!stuck)
        }
        _ = watch.isStuck(phase: .awaitingListen)
        let stuck = watch.isStuck(phase: .awaitingListen)
        #expect(stuck, "counted from the LISTEN, not from the lease")
    }

    @Test("A first LISTEN is given until the start deadline, leasing included, and no longer")
    func firstListenWaitsForTheStartDeadline() {
        var watch = PostgresRelayWatch()
        for phase in [PostgresRelayWatch.Phase.leasing, .awaitingListen, .awaitingListen, .awaitingListen] {
            let stuck = watch.isStuck(phase: phase, startOverdue: false)
            #expect(!stuck, "before the deadline")
        }
        let overdueLeasing = watch.isStuck(phase: .leasing, startOverdue: true)
        #expect(overdueLeasing)
        let overdueListening = watch.isStuck(phase: .listening, startOverdue: true)
        #expect(!overdueListening, "a replica that listened has started")
    }
}
