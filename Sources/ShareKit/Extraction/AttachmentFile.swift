import Foundation

/// A picture or file to upload: a file on disk (read only when it is copied or sent) or bytes.
public struct AttachmentFile: Sendable, Equatable {
    /// Where the bytes are.
    public enum Source: Sendable, Equatable {
        /// A file on disk; nothing is read until the bytes are needed.
        case file(URL)
        /// Bytes already in memory.
        case data(Data)
    }

    /// Where the bytes are.
    public var source: Source
    /// The attachment's type.
    public var type: TypeIdentifier
    /// A file name to upload it under.
    public var filename: String

    /// Makes an attachment.
    public init(source: Source, type: TypeIdentifier, filename: String) {
        self.source = source
        self.type = type
        self.filename = filename
    }

    /// Its size in bytes (from the file system for a file); `nil` when the file can't be read.
    public var byteCount: Int64? {
        switch source {
        case .data(let data): Int64(data.count)
        case .file(let url): ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value
        }
    }

    /// Reads the bytes (from disk for a file source).
    public func readData() throws -> Data {
        switch source {
        case .file(let url): try Data(contentsOf: url)
        case .data(let data): data
        }
    }
}
