/// An outbox file that could not be read, moved aside to `damaged/` and reported.
public struct DamagedEntry: Sendable, Equatable {
    /// Its file name (now in `damaged/`).
    public var name: String
    /// Why it could not be read.
    public var reason: String

    /// Makes a report.
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}
