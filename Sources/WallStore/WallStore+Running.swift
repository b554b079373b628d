import ServiceLifecycle

extension WallStore {
    /// The store's background work (PostgreSQL's pool and event relay), for a service group to
    /// run; `nil` for a store that needs none (SQLite).
    public var service: (any Service)? { self as? any Service }

    /// Runs `body` while the store's background work runs, then stops that work. For the admin
    /// commands and tests, which use a store without a service group.
    public func whileRunning<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        guard let service else { return try await body() }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await service.run() }
            defer { group.cancelAll() }
            return try await body()
        }
    }
}
