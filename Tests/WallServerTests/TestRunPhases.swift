import Dispatch
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// Where each running `TestServer.run` is (making its database, in the test, stopping the app's
/// services, dropping the database), printed to standard error when the test process gets
/// `SIGUSR1`: `scripts/watch-tests` sends it when a run stalls, so a hang names the step that
/// never ended, not only the test.
enum TestRunPhases {
    /// One run's place in the registry.
    struct Run: Sendable {
        fileprivate let key = UUID()

        /// Notes that the run has moved on to `phase`.
        func enter(_ phase: String) {
            TestRunPhases.runs.withLock { runs in
                runs[key]?.phase = phase
                runs[key]?.since = .now
            }
        }

        /// Takes the run out of the registry.
        func end() {
            _ = TestRunPhases.runs.withLock { $0.removeValue(forKey: key) }
        }
    }

    private struct Entry {
        var test: String
        var phase: String
        var since: ContinuousClock.Instant
    }

    private static let runs = Locked([UUID: Entry]())
    /// Made once, on the first run, and never touched again (so it is safe to share).
    nonisolated(unsafe) private static let reporter: any DispatchSourceSignal = {
        signal(SIGUSR1, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        source.setEventHandler { report() }
        source.resume()
        return source
    }()

    /// Registers a run of the current test, in `phase`.
    static func begin(_ phase: String) -> Run {
        _ = reporter
        let run = Run()
        let test = Test.current.map { "\($0.name) (\($0.sourceLocation.fileID))" } ?? "(no current test)"
        runs.withLock { $0[run.key] = Entry(test: test, phase: phase, since: .now) }
        return run
    }

    private static func report() {
        let now = ContinuousClock.now
        let lines = runs.withLock { runs in
            runs.values.sorted { $0.since < $1.since }.map { entry in
                "==> phase: \(entry.test): \(entry.phase) for \((now - entry.since).components.seconds) s"
            }
        }
        let text = (lines.isEmpty ? ["==> phase: no TestServer run is under way"] : lines).joined(separator: "\n")
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// A test client that notes each request it waits for as its run's phase (see `TestRunPhases`).
struct PhaseRecordingClient: TestClientProtocol {
    /// The client the requests go through.
    let client: any TestClientProtocol
    /// The run whose phase each request sets.
    let run: TestRunPhases.Run

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        run.enter("running the test, waiting for \(method) \(uri)")
        defer { run.enter("running the test") }
        return try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)
    }

    var port: Int? { client.port }
}
