import Foundation
@testable import WallStore
import WallCore

/// The first `count` events of `stream`, or those that came by the end of `within`.
func events(_ stream: AsyncStream<ItemEvent>, count: Int, within: Duration) async -> [ItemEvent] {
    await withTaskGroup(of: [ItemEvent]?.self) { group in
        group.addTask {
            var seen: [ItemEvent] = []
            for await event in stream {
                seen.append(event)
                if seen.count == count { break }
            }
            return seen
        }
        group.addTask {
            try? await Task.sleep(for: within)
            return nil
        }
        defer { group.cancelAll() }
        while let next = await group.next() {
            if let seen = next { return seen }
            group.cancelAll()  // the deadline passed: the reader returns what it has
        }
        return []
    }
}

/// Whether `signal` is notified (or already was) within `within`.
func signalled(_ signal: WakeSignal, within: Duration) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            await signal.wait()
            return !Task.isCancelled
        }
        group.addTask {
            try? await Task.sleep(for: within)
            return false
        }
        defer { group.cancelAll() }
        return await group.next() ?? false
    }
}
