import ServiceLifecycle
import WallStore

/// Checks at start that the blob store can be written and read back (`BlobStore.checkWritable`),
/// then waits for shutdown; a failure stops the server with one line saying why. A service,
/// so that the PostgreSQL blob store is probed once its database has started.
public struct BlobStoreProbe: Service {
    /// The store to probe.
    public let blobs: any BlobStore
    /// How the store was named (`--blob-store`), for the message.
    public let location: BlobStoreLocation

    /// Makes the probe.
    public init(blobs: any BlobStore, location: BlobStoreLocation) {
        self.blobs = blobs
        self.location = location
    }

    /// Probes, throwing `BlobStoreChoiceError` when the store fails, then waits for shutdown.
    public func run() async throws {
        try await Self.check(blobs, location: location)
        try? await gracefulShutdown()
    }

    /// Probes `blobs` once.
    public static func check(_ blobs: any BlobStore, location: BlobStoreLocation) async throws {
        do {
            try await blobs.checkWritable()
        } catch {
            throw BlobStoreChoiceError(message: "Refusing to start: the \(location) blob store is not usable: \(error)")
        }
    }
}
