import Foundation

/// A file to send with a share as a `file` part of a multipart body.
public struct UploadFile: Sendable, Equatable {
    /// Where the bytes are on disk (read when the request is built).
    public var fileURL: URL
    /// The file name to send.
    public var filename: String
    /// The part's content type.
    public var mimeType: String

    /// Makes an upload.
    public init(fileURL: URL, filename: String, mimeType: String) {
        self.fileURL = fileURL
        self.filename = filename
        self.mimeType = mimeType
    }
}
