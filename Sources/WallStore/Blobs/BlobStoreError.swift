import Foundation

/// Why a blob operation failed.
public enum BlobStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file system call failed: which one, on what, and `errno`.
    case io(operation: String, path: String, code: Int32)
    /// The store can't be written or read back (`checkWritable`): what went wrong.
    case unwritable(String)
    /// An upload was used after its commit or abort.
    case uploadFinished
    /// A store's records disagree (a chunk missing, an upload swept before it committed).
    case inconsistent(String)

    /// A sentence for the log (never shown to clients).
    public var description: String {
        switch self {
        case .io(let operation, let path, let code):
            "Blob \(operation) failed on \(path): \(String(cString: strerror(code)))"
        case .unwritable(let reason):
            "The blob store is not writable: \(reason)."
        case .uploadFinished:
            "The blob upload was already committed or aborted."
        case .inconsistent(let reason):
            "The blob store is inconsistent: \(reason)."
        }
    }
}
