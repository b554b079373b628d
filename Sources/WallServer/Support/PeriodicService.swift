import ServiceLifecycle

/// Runs an action every `interval` until shutdown, and once more on the way out.
struct PeriodicService: Service {
    let interval: Duration
    let action: @Sendable () async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { break }
                await action()
            }
        }
        await action()
    }
}
