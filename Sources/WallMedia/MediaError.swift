/// Why an image or document could not be processed.
public struct MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the job's last error (not shown to clients).
    public var description: String

    /// Makes an error.
    public init(_ description: String) {
        self.description = description
    }
}
