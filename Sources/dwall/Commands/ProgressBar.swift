import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on standard error, redrawn in place; silent when that is not a terminal.
final class ProgressBar: @unchecked Sendable {
    private let width = 30
    private let enabled: Bool
    private let lock = NSLock()
    private var lastDrawn = -1

    init(enabled: Bool) { self.enabled = enabled }

    /// Whether standard error is a terminal.
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Draws `done` of `total` with a label.
    func update(done: Int, total: Int, label: String) {
        guard enabled, total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        let filled = min(width, done * width / total)
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) \(label)".utf8))
    }

    /// Ends the line.
    func finish() {
        guard enabled, lastDrawn >= 0 else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
