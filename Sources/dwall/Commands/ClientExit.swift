import ArgumentParser
import Foundation
import ShareKit

/// The exit statuses of the client commands, for scripts.
///
/// - 0: done (`share`: saved *or* queued; `sync`: nothing left pending)
/// - 1: refused or failed; for `share`, nothing was stored
/// - 64: bad usage
/// - 75: try again later (`sync` left shares pending: server unreachable, busy or rate-limiting)
/// - 77: not signed in, or the server refused the token (`dwall login`)
enum ClientExit {
    static let failed: Int32 = 1
    static let tryLater: Int32 = 75
    static let notSignedIn: Int32 = 77

    /// Prints `message` to standard error and returns the exit to throw.
    static func fail(_ message: String, status: Int32 = failed) -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(status)
    }

    /// The exit for a failed API call that is not about a share's content.
    static func fail(_ error: ShareError, doing what: String) -> ExitCode {
        switch error {
        case .unauthorized: fail("\(what): the server refused the token. Sign in again with 'dwall login'.", status: notSignedIn)
        case .offline, .timedOut, .unavailable, .rateLimited: fail("\(what): \(error)", status: tryLater)
        default: fail("\(what): \(error)")
        }
    }
}
