import Foundation
import Testing
import WallCore
import WallStore

/// The live feed on its own: no stream outlives `finishAll()`, not even one asked for after it.
@Suite struct EventFeedTests {
    @Test func finishAllEndsOpenStreams() async {
        let feed = EventFeed()
        let stream = feed.subscribe(userID: UUID())
        #expect(feed.subscriberCount == 1)
        feed.finishAll()
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test func aStreamAskedForAfterShutdownEndsAtOnce() async {
        let feed = EventFeed()
        feed.finishAll()
        let stream = feed.subscribe(userID: UUID())
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == nil)
        #expect(feed.subscriberCount == 0)
    }

    @Test func aSubscriberTooFarBehindIsEndedRatherThanSilentlySkipped() async {
        let feed = EventFeed(bufferLimit: 2)
        let user = UUID()
        let stream = feed.subscribe(userID: user)
        let events = (1...3).map { ItemEvent(seq: Int64($0), type: .deleted, itemId: UUID(), item: nil) }
        feed.publish(events.map { (userID: user, event: $0) })
        var received: [Int64] = []
        for await event in stream { received.append(event.seq) }
        #expect(received == [1, 2], "the stream ends after what fit; the client resumes from the log")
    }
}
