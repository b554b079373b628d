import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure to read or write the outbox's files.
public struct OutboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed, for a person.
    public var message: String

    /// Makes an error.
    public init(message: String) { self.message = message }

    /// A failed system call, with `errno`'s text.
    static func system(_ call: String, path: String) -> OutboxError {
        let reason = String(cString: strerror(errno))
        return OutboxError(message: "\(call) \(path): \(reason)")
    }

    /// The text a person reads.
    public var description: String { message }
}
