import Foundation
import WallCore

/// A small cache whose entries live for a fixed time: what tokens and sessions are checked
/// against, so the hot path does not read the database on every request. When it holds
/// `maxEntries` it starts over (an attacker sending made-up credentials can't grow it).
final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var expires: ContinuousClock.Instant
    }

    private let entries = Locked([Key: Entry]())
    private let lifetime: Duration
    private let maxEntries: Int

    init(lifetime: Duration, maxEntries: Int = 10_000) {
        self.lifetime = lifetime
        self.maxEntries = maxEntries
    }

    /// The cached value for `key`, else what `load` finds (cached when it finds something).
    func value(for key: Key, load: () async throws -> Value?) async rethrows -> Value? {
        let now = ContinuousClock.now
        let cached = entries.withLock { entries -> Value? in
            guard let entry = entries[key], entry.expires > now else { return nil }
            return entry.value
        }
        if let cached { return cached }
        guard let loaded = try await load() else { return nil }
        entries.withLock { entries in
            if entries.count >= maxEntries { entries.removeAll() }
            entries[key] = Entry(value: loaded, expires: now + lifetime)
        }
        return loaded
    }

    /// Forgets the entries whose values match (a revoked token, an ended session).
    func removeAll(where matches: (Value) -> Bool) {
        entries.withLock { entries in entries = entries.filter { !matches($0.value.value) } }
    }
}

/// When credentials were last used, gathered between flushes to the store.
final class UsageLog: Sendable {
    private let lastUsed = Locked([UUID: Date]())

    /// Notes a use now.
    func record(_ id: UUID) {
        lastUsed.withLock { $0[id] = Date() }
    }

    /// The uses noted since the last call.
    func drain() -> [UUID: Date] {
        lastUsed.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
