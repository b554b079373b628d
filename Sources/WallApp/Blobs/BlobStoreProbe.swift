import WallStore

/// Checks that a blob store can be written and read back (`BlobStore.checkWritable`), so the
/// server, or `dwall blobs migrate`, refuses to start with one line saying why.
public enum BlobStoreProbe {
    /// Probes `blobs` once, throwing `BlobStoreChoiceError` when it fails.
    public static func check(_ blobs: any BlobStore, location: BlobStoreLocation) async throws {
        do {
            try await blobs.checkWritable()
        } catch {
            throw BlobStoreChoiceError(message: "Refusing to start: the \(location) blob store is not usable: \(error)")
        }
    }
}
