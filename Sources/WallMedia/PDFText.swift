import Foundation
import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// A PDF's text for search, read with poppler's `pdftotext` (Debian's `poppler-utils`).
///
/// Run through swift-subprocess, which waits for the tool's exit on a process descriptor: a
/// Foundation `Process` waited for off the main thread depends on its run loop hearing of the
/// exit, and a thread left waiting for an exit it missed would hold its job, and a server
/// stopping, for ever.
public enum PDFText {
    /// How long `pdftotext` may run.
    public static let timeout = Duration.seconds(30)

    /// The text of pages `first` to `pages` (from 1), whitespace collapsed, cut at `limit` characters; nil
    /// when the PDF has none (a scan) or `pdftotext` is not installed. Reads at most eight bytes a
    /// character of output (the tool is stopped there: what follows would be cut anyway) and
    /// gives the tool `timeout`. `tool` is the `pdftotext` to run (nil: the one on `PATH`, found by swift-subprocess).
    public static func extract(
        path: String, first: Int = 1, pages: Int = 50, limit: Int, timeout: Duration = PDFText.timeout, tool: URL? = nil
    ) async throws -> String? {
        let executable: Executable = tool.map { .path(FilePath($0.path)) } ?? .name("pdftotext")
        let maxBytes = limit * 8
        let result: ExecutionResult<Reading, SequenceOutput, DiscardedOutput>
        do {
            result = try await read(executable, arguments: ["-q", "-f", String(first), "-l", String(pages), "-enc", "UTF-8", path, "-"],
                                    maxBytes: maxBytes, timeout: timeout)
        } catch let error as SubprocessError where error.code == .executableNotFound {
            return nil
        }
        let bytes: [UInt8]
        switch result.closureResult {
        case .timedOut:
            throw MediaError("pdftotext ran longer than \(timeout).")
        case .cut(let read):
            bytes = read
        case .whole(let read):
            guard case .exited(0) = result.terminationStatus else {
                throw MediaError("pdftotext ended with \(result.terminationStatus).")
            }
            bytes = read
        }
        let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.isEmpty ? nil : String(words.prefix(limit))
    }

    /// Runs the tool and reads its output until it ends, `maxBytes` are read or `timeout` is up
    /// (killing it in the last two cases).
    private static func read(
        _ executable: Executable, arguments: Arguments, maxBytes: Int, timeout: Duration
    ) async throws -> ExecutionResult<Reading, SequenceOutput, DiscardedOutput> {
        try await run(executable, arguments: arguments, input: .none, output: .sequence, error: .discarded) { execution in
            try await withThrowingTaskGroup(of: Reading.self) { group in
                group.addTask {
                    var bytes: [UInt8] = []
                    for try await buffer in execution.standardOutput {
                        buffer.withUnsafeBytes { bytes.append(contentsOf: $0) }
                        if bytes.count >= maxBytes { return .cut(bytes) }
                    }
                    return .whole(bytes)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return .timedOut
                }
                let first = try await group.next() ?? .timedOut
                if case .whole = first {} else { try? execution.send(signal: .kill) }
                group.cancelAll()
                return first
            }
        }
    }

    /// What reading the tool's output came to.
    private enum Reading: Sendable {
        case whole([UInt8])
        case cut([UInt8])
        case timedOut
    }
}
