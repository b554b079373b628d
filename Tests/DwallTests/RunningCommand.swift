import Foundation
import WallCore

/// A `dwall` process started without waiting: it can be killed at any moment and awaited
/// without blocking a thread.
final class RunningCommand: Sendable {
    private let process: Process
    private let state = Locked((ended: false, waiter: CheckedContinuation<Void, Never>?.none))

    /// Starts `dwall ARGUMENTS` with `environment` added; output is discarded.
    init(_ arguments: [String], environment: [String: String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: DwallBinary.path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let state = self.state
        process.terminationHandler = { _ in
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.ended = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
        try process.run()
    }

    /// Sends SIGKILL (no effect once it has exited).
    func sigkill() { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// Waits for the exit; `nil` when it was killed by a signal, else its exit status.
    func exitStatus() async -> Int32? {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state -> Bool in
                if !state.ended { state.waiter = continuation }
                return state.ended
            }
            if ended { continuation.resume() }
        }
        return process.terminationReason == .uncaughtSignal ? nil : process.terminationStatus
    }
}
