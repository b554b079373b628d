import Foundation
import Logging
import WallApp
import WallServer
import WallStore

/// Runs `body` with the blob store the server uses (the folder store on SQLite, PostgreSQL's on
/// PostgreSQL), opened as the server opens it, while the store runs.
func withBlobs<Value: Sendable>(_ server: TestServer, _ body: (any BlobStore) async throws -> Value) async throws -> Value {
    let location = server.arguments.storeLocation
    return try await server.withStore { store in
        let chosen = BlobStoreOpener.resolve(server.arguments.blobStore, location: location).store
        return try await body(try BlobStoreOpener.open(chosen, store: store, location: location, besideServer: true))
    }
}

/// How many blobs the server's blob store holds (committed files).
func storedBlobCount(_ server: TestServer) async throws -> Int {
    try await withBlobs(server) { try await $0.storedBlobs().count }
}

/// How many uploads were left half-written: in the data folder's `blobs/tmp`, or staged in
/// PostgreSQL's `blob_uploads`.
func leftoverUploads(_ server: TestServer) async throws -> Int {
    try await withBlobs(server) { blobs in
        if let postgres = blobs as? PostgresBlobStore { return try await postgres.pendingUploadCount() }
        let folder = URL(fileURLWithPath: server.arguments.dataDirectory).appendingPathComponent("blobs/tmp").path
        return try FileManager.default.contentsOfDirectory(atPath: folder).count
    }
}

extension TestMultipart {
    /// A browser's form: text fields, then file parts (name, bytes), each under `fileField`.
    static func form(_ fields: [(String, String)], files: [(String, [UInt8])] = [], fileField: String = "file") -> TestMultipart {
        var form = TestMultipart()
        for (name, value) in fields { form.add(name: name, Array(value.utf8)) }
        for (name, bytes) in files { form.add(name: fileField, filename: name, type: "application/octet-stream", bytes) }
        return form
    }
}
