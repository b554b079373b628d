/// Why one attachment could not be read; reported with the attachment and skipped.
public enum ExtractionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The provider offered the type but handed back something that is not a readable value.
    case unreadable(String)

    /// The text a person reads.
    public var description: String {
        switch self {
        case .unreadable(let type): "The attachment's \(type) could not be read."
        }
    }
}
