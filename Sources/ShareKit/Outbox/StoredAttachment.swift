/// A file copied into the outbox beside its share.
public struct StoredAttachment: Codable, Sendable, Equatable {
    /// Its name inside the share's `.files` folder.
    public var storedName: String
    /// The name to upload it under.
    public var filename: String
    /// Its type.
    public var type: TypeIdentifier
    /// The content type to upload it as.
    public var mimeType: String

    /// Makes a record.
    public init(storedName: String, filename: String, type: TypeIdentifier, mimeType: String) {
        self.storedName = storedName
        self.filename = filename
        self.type = type
        self.mimeType = mimeType
    }
}
