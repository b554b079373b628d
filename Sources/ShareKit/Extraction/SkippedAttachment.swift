/// An attachment extraction passed over, and why: reported to the person, never fatal.
public struct SkippedAttachment: Sendable, Equatable {
    /// Why it was skipped.
    public enum Reason: Error, Sendable, Equatable {
        /// None of its types is one Digital Wall takes.
        case unknownTypes
        /// It claimed a known type but loading it failed.
        case loadFailed(String)
        /// A link that is not a web page (`mailto:`, `tel:`).
        case unsupportedLink(String)
        /// A file larger than the server takes, even after pictures were made smaller.
        case tooLarge(filename: String, bytes: Int64, limit: Int64)
    }

    /// Its position among the share's attachments.
    public var index: Int
    /// The types it offered.
    public var typeIdentifiers: [String]
    /// Why it was skipped.
    public var reason: Reason

    /// Makes a report.
    public init(index: Int, typeIdentifiers: [String], reason: Reason) {
        self.index = index
        self.typeIdentifiers = typeIdentifiers
        self.reason = reason
    }
}
