import ServiceLifecycle

/// Runs an action every `interval` until shutdown, and once more on the way out unless
/// `finalRun` is false (work that only tidies, which a stopping server should not wait for).
public struct PeriodicService: Service {
    /// How long between runs.
    public let interval: Duration
    /// Whether the action runs once more when the service stops.
    public var finalRun = true
    /// The work.
    public let action: @Sendable () async -> Void

    /// Makes the service; nothing runs until `run()`.
    public init(interval: Duration, finalRun: Bool = true, action: @escaping @Sendable () async -> Void) {
        self.interval = interval
        self.finalRun = finalRun
        self.action = action
    }

    /// Runs the action every `interval` until graceful shutdown (then once more, if `finalRun`).
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { break }
                await action()
            }
        }
        if finalRun { await action() }
    }
}
