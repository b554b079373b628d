import Foundation
import WallCore

/// The first-run setup link: while no user exists, `dwall serve` logs a link with a one-time
/// code; the setup page makes the first account with it. The code lives only in this process's
/// memory and stops working once it has been used.
public final class FirstRunSetup: Sendable {
    private struct State {
        var code: String?
        var claimed = false
    }

    private let state: Locked<State>

    /// Makes a setup with a fresh code (or the given one, for tests).
    public init(code: String = TokenSecret.generate(prefix: "setup_")) {
        state = Locked(State(code: code))
    }

    /// The code, while it is unused.
    public var code: String? { state.withLock { $0.claimed ? nil : $0.code } }

    /// Takes the code for one attempt at making the first account; false when it is wrong or
    /// another attempt holds it. Call `finish` after the attempt.
    public func claim(_ candidate: String) -> Bool {
        state.withLock { state in
            guard !state.claimed, let code = state.code, candidate.utf8.count == code.utf8.count,
                  ConstantTime.equal(candidate, code)
            else { return false }
            state.claimed = true
            return true
        }
    }

    /// Ends an attempt: a made account uses the code up; a failed one gives it back.
    public func finish(succeeded: Bool) {
        state.withLock { state in
            if succeeded { state.code = nil } else { state.claimed = false }
        }
    }

    /// The link to log, on `base` (the public URL, or where the server listens).
    public func link(base: String) -> String? {
        code.map { "\(base)/setup?code=\($0)" }
    }
}
