import ServiceLifecycle

/// Runs an action every `interval` until shutdown, and once more on the way out unless
/// `finalRun` is false (work that only tidies, which a stopping server should not wait for).
struct PeriodicService: Service {
    let interval: Duration
    var finalRun = true
    let action: @Sendable () async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { break }
                await action()
            }
        }
        if finalRun { await action() }
    }
}
