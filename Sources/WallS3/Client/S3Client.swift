import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import WallCore

/// A minimal S3 client over AsyncHTTPClient: the object calls a blob store needs, each signed with
/// SigV4, with a deadline, retried on transient failures, and failing with S3's own error code.
///
/// Object operations are in this file; listings and multipart uploads in extensions beside it.
public struct S3Client: Sendable {
    /// Where and how to reach the store.
    public let configuration: S3Configuration
    let signer: SigV4Signer
    let http: HTTPClient
    let clock: @Sendable () -> Date

    /// Makes a client on `http` (`S3Client.defaultHTTP` unless given one).
    public init(configuration: S3Configuration, http: HTTPClient = S3Client.defaultHTTP, clock: @escaping @Sendable () -> Date = Date.init) {
        self.configuration = configuration
        self.signer = SigV4Signer(credentials: configuration.credentials, region: configuration.region)
        self.http = http
        self.clock = clock
    }

    // MARK: Objects

    /// Stores `body` under `key` in one request; `payloadHash` is its SHA-256 in hex (or
    /// `SigV4Signer.unsignedPayload`).
    public func putObject(key: String, body: S3Body, payloadHash: String, contentType: String = "application/octet-stream") async throws {
        _ = try await send(.init(
            operation: "PutObject", method: .PUT, key: key, headers: [.init("Content-Type", contentType)],
            body: body, payloadHash: payloadHash
        ))
    }

    /// The object's size and last modification, or nil when there is none.
    public func headObject(key: String) async throws -> S3ObjectInfo? {
        do {
            let response = try await send(.init(operation: "HeadObject", method: .HEAD, key: key))
            return S3ObjectInfo(headers: response.headers)
        } catch let error as S3Error where error.status == 404 {
            return nil
        }
    }

    /// Up to `length` bytes of the object from `offset` (fewer at its end), or nil when there is
    /// no such object. An offset at or past the end reads no bytes.
    public func getObject(key: String, offset: Int64, length: Int) async throws -> Data? {
        guard length > 0 else { return Data() }
        let range = "bytes=\(offset)-\(offset + Int64(length) - 1)"
        do {
            let response = try await send(.init(operation: "GetObject", method: .GET, key: key, headers: [.init("Range", range)]))
            return try await collect(response.body, limit: length, operation: "GetObject")
        } catch let error as S3Error where error.status == 404 {
            return nil
        } catch let error as S3Error where error.code == "InvalidRange" {
            return Data()
        }
    }

    /// Downloads the whole object into the file at `path` (created or replaced), streaming; false
    /// when there is no such object.
    public func download(key: String, to path: String) async throws -> Bool {
        let response: HTTPClientResponse
        do {
            response = try await send(.init(operation: "GetObject", method: .GET, key: key))
        } catch let error as S3Error where error.status == 404 {
            return false
        }
        let handle = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard handle >= 0 else { throw S3Error.transport(operation: "GetObject", reason: "cannot create \(path): errno \(errno)") }
        defer { close(handle) }
        do {
            for try await buffer in response.body {
                try buffer.withUnsafeReadableBytes { bytes in
                    var written = 0
                    while written < bytes.count {
                        let result = write(handle, bytes.baseAddress! + written, bytes.count - written)
                        if result < 0 {
                            if errno == EINTR { continue }
                            throw S3Error.transport(operation: "GetObject", reason: "cannot write \(path): errno \(errno)")
                        }
                        written += result
                    }
                }
            }
        } catch let error as S3Error {
            throw error
        } catch {
            throw S3Error.transport(operation: "GetObject", reason: "\(error)")
        }
        guard fsync(handle) == 0 else { throw S3Error.transport(operation: "GetObject", reason: "cannot fsync \(path)") }
        return true
    }

    /// Removes the object; removing one that is absent is not an error (S3 answers 204 either way).
    public func deleteObject(key: String) async throws {
        _ = try await send(.init(operation: "DeleteObject", method: .DELETE, key: key))
    }

    /// Copies `source` onto `key` within the bucket, server side; copying an object onto itself
    /// (with its metadata replaced, as S3 requires) refreshes its modification time.
    public func copyObject(from source: String, to key: String) async throws {
        let copySource = "/\(configuration.location.bucket)/\(source)"
        let response = try await send(.init(
            operation: "CopyObject", method: .PUT, key: key,
            headers: [
                .init("x-amz-copy-source", SigV4Signer.canonicalURI(copySource)),
                .init("x-amz-metadata-directive", "REPLACE"),
                .init("Content-Type", "application/octet-stream"),
            ]
        ))
        // A copy can fail after its 200 has started: the error is then in the body.
        let body = try await collect(response.body, limit: Limits.s3MaxResponseBodyBytes, operation: "CopyObject")
        if let error = S3XMLElement.parse(body), error.name == "Error" {
            throw S3Error.service(operation: "CopyObject", status: 200, code: error.text(of: "Code") ?? "", message: error.text(of: "Message") ?? "")
        }
    }

    /// Whether the bucket exists and these credentials may use it (HEAD bucket).
    public func headBucket() async throws {
        _ = try await send(.init(operation: "HeadBucket", method: .HEAD, key: "", bucketLevel: true))
    }
}

/// What HEAD says about an object.
public struct S3ObjectInfo: Sendable, Equatable {
    /// Its size in bytes.
    public var size: Int64
    /// When it was last written.
    public var lastModified: Date

    init?(headers: HTTPHeaders) {
        guard let length = headers.first(name: "content-length").flatMap(Int64.init) else { return nil }
        size = length
        lastModified = headers.first(name: "last-modified").flatMap(S3Dates.parseHTTP) ?? .distantPast
    }
}

extension S3Client {
    /// Creates the bucket (for tests and first set-up; the server never creates buckets).
    public func createBucket() async throws {
        _ = try await send(.init(operation: "CreateBucket", method: .PUT, key: "", bucketLevel: true))
    }
}
