import WallCore

/// What an event stream writes: events from the feed, interleaved with heartbeats.
enum SSEMessage: Sendable {
    case event(ItemEvent)
    case heartbeat
}

/// Feeds a user's live events, interleaved with heartbeats, to `handle`, in structured tasks that
/// end with the call: when the live events end, or when `handle` throws (the client went away).
enum SSEPump {
    static func run(
        _ live: AsyncStream<ItemEvent>, heartbeat: Duration, _ handle: (SSEMessage) async throws -> Void
    ) async throws {
        let (messages, continuation) = AsyncStream.makeStream(of: SSEMessage.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in live { continuation.yield(.event(event)) }
                continuation.finish()
            }
            group.addTask {
                while true {
                    do { try await Task.sleep(for: heartbeat) } catch { return }
                    continuation.yield(.heartbeat)
                }
            }
            defer { group.cancelAll() }
            for await message in messages { try await handle(message) }
        }
    }
}
