import Foundation
import WallCore

/// Announces committed item events to live subscribers (the `/v1/events` streams), per user.
///
/// A subscriber that falls more than `bufferLimit` events behind has its stream finished, so it
/// reconnects and catches up from the event log instead of silently missing events.
public final class EventFeed: Sendable {
    private struct Subscriber {
        let userID: UUID
        let continuation: AsyncStream<ItemEvent>.Continuation
    }

    private let subscribers = Locked((open: [UUID: Subscriber](), finished: false))
    private let bufferLimit: Int

    /// Makes a feed.
    public init(bufferLimit: Int = 1_024) { self.bufferLimit = bufferLimit }

    /// A stream of this user's events from now on; it ends when `finishAll()` is called (and at
    /// once when that has already happened, so no stream outlives shutdown).
    public func subscribe(userID: UUID) -> AsyncStream<ItemEvent> {
        let key = UUID.timeOrdered()
        let (stream, continuation) = AsyncStream.makeStream(
            of: ItemEvent.self, bufferingPolicy: .bufferingOldest(bufferLimit)
        )
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.open.removeValue(forKey: key) }
        }
        let accepted = subscribers.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.open[key] = Subscriber(userID: userID, continuation: continuation)
            return true
        }
        if !accepted { continuation.finish() }
        return stream
    }

    /// Sends committed events, in commit order, to their users' subscribers.
    public func publish(_ events: [(userID: UUID, event: ItemEvent)]) {
        guard !events.isEmpty else { return }
        let current = subscribers.withLock { Array($0.open.values) }
        for subscriber in current {
            for entry in events where entry.userID == subscriber.userID {
                if case .dropped = subscriber.continuation.yield(entry.event) {
                    subscriber.continuation.finish()
                    break
                }
            }
        }
    }

    /// How many streams are open.
    public var subscriberCount: Int { subscribers.withLock { $0.open.count } }

    /// Whose streams are open (a store relaying events from elsewhere reads only theirs).
    public var subscribedUserIDs: Set<UUID> { subscribers.withLock { Set($0.open.values.map(\.userID)) } }

    /// Ends every stream, and every stream asked for later (at shutdown).
    public func finishAll() {
        let current = subscribers.withLock { state -> [Subscriber] in
            state.finished = true
            return Array(state.open.values)
        }
        for subscriber in current { subscriber.continuation.finish() }
    }
}
