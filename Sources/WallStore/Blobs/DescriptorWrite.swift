import Foundation

/// Writing bytes to an open file in full, for every blob store that stages files on disk.
public enum DescriptorWrite {
    /// Writes all of `bytes` to `descriptor`, retrying short and interrupted writes; a failure is
    /// a `BlobStoreError.io` naming `path`.
    public static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw BlobStoreError.io(operation: "write", path: path, code: errno)
            }
            offset += written
        }
    }
}
