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

    private let subscribers = Locked([UUID: Subscriber]())
    private let bufferLimit: Int

    /// Makes a feed.
    public init(bufferLimit: Int = 1_024) { self.bufferLimit = bufferLimit }

    /// A stream of this user's events from now on; it ends when `finishAll()` is called.
    public func subscribe(userID: UUID) -> AsyncStream<ItemEvent> {
        let key = UUID()
        let (stream, continuation) = AsyncStream.makeStream(
            of: ItemEvent.self, bufferingPolicy: .bufferingOldest(bufferLimit)
        )
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: key) }
        }
        subscribers.withLock { $0[key] = Subscriber(userID: userID, continuation: continuation) }
        return stream
    }

    /// Sends committed events, in commit order, to their users' subscribers.
    public func publish(_ events: [(userID: UUID, event: ItemEvent)]) {
        guard !events.isEmpty else { return }
        let current = subscribers.withLock { Array($0.values) }
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
    public var subscriberCount: Int { subscribers.withLock { $0.count } }

    /// Ends every stream (at shutdown).
    public func finishAll() {
        let current = subscribers.withLock { Array($0.values) }
        for subscriber in current { subscriber.continuation.finish() }
    }
}
