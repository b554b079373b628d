import Foundation

/// Why a blob operation failed.
public enum BlobStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file system call failed: which one, on what, and `errno`.
    case io(operation: String, path: String, code: Int32)

    /// A sentence for the log (never shown to clients).
    public var description: String {
        switch self {
        case .io(let operation, let path, let code):
            "Blob \(operation) failed on \(path): \(String(cString: strerror(code)))"
        }
    }
}
