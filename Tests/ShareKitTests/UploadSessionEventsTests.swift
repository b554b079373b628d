import Foundation
import ShareKit
import Testing

/// Waking the app for the extension's finished uploads: which sessions to open, and each
/// completion handler called once, only after its session finished.
@MainActor @Suite struct UploadSessionEventsTests {
    let container = SharedContainer(bundleID: "org.digitalwall.app", directory: URL(fileURLWithPath: "/group"))

    @Test func theExtensionsSessionIsOpenedAndItsHandlerWaitsUntilItFinishes() {
        let events = UploadSessionEvents(container: container)
        let session = container.extensionUploadSession(launch: UUID())
        var called = 0
        #expect(events.receive(identifier: session) { called += 1 } == .open)
        #expect(called == 0, "not before the events are delivered")
        #expect(events.openSessions == [session])
        #expect(events.finished(identifier: session) == 1)
        #expect(called == 1)
        #expect(events.finished(identifier: session) == 0 && called == 1, "exactly once")
        #expect(events.awaitedSessions.isEmpty)
        #expect(events.openSessions == [session], "still open in this process, never opened again")
    }

    @Test func aWakeUpAfterTheSessionFinishedReusesIt() {
        // iOS allows one URLSession per background identifier in a process, and the first stays
        // valid: another upload of the same extension launch ending later must not open a second.
        let events = UploadSessionEvents(container: container)
        let session = container.extensionUploadSession(launch: UUID())
        var called: [String] = []
        #expect(events.receive(identifier: session) { called.append("first") } == .open)
        events.finished(identifier: session)
        #expect(events.receive(identifier: session) { called.append("second") } == .alreadyOpen)
        #expect(called == ["first"], "the second handler waits for the session's next events")
        #expect(events.awaitedSessions == [session])
        events.finished(identifier: session)
        #expect(called == ["first", "second"])
    }

    @Test func aSecondWakeUpForAnOpenSessionWaitsWithTheFirst() {
        let events = UploadSessionEvents(container: container)
        let session = container.extensionUploadSession(launch: UUID())
        var called: [String] = []
        #expect(events.receive(identifier: session) { called.append("first") } == .open)
        #expect(events.receive(identifier: session) { called.append("second") } == .alreadyOpen)
        events.finished(identifier: session)
        #expect(called == ["first", "second"])
    }

    @Test func anotherSessionIsAnsweredAtOnceAndNeverOpened() {
        let events = UploadSessionEvents(container: container)
        var called = 0
        #expect(events.receive(identifier: "com.other.app.downloads") { called += 1 } == .notOurs)
        #expect(called == 1 && events.openSessions.isEmpty && events.awaitedSessions.isEmpty)
    }

    @Test func sessionsFinishIndependently() {
        let events = UploadSessionEvents(container: container)
        let first = container.extensionUploadSession(launch: UUID())
        let second = container.extensionUploadSession(launch: UUID())
        var done: [String] = []
        _ = events.receive(identifier: first) { done.append("first") }
        _ = events.receive(identifier: second) { done.append("second") }
        events.finished(identifier: second)
        #expect(done == ["second"] && events.awaitedSessions == [first])
    }
}
