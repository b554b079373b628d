import AsyncHTTPClient
import Foundation
import NIOHTTP1
import WallCore

/// An unfinished multipart upload found in a listing.
public struct S3PendingUpload: Sendable, Equatable {
    /// The key it would create.
    public var key: String
    /// Its upload id.
    public var uploadID: String
    /// When it was started.
    public var initiated: Date
}

extension S3Client {
    /// Starts a multipart upload of `key`; returns its upload id. Nothing is visible under the
    /// key until `completeMultipartUpload`.
    public func createMultipartUpload(key: String) async throws -> String {
        let response = try await send(.init(
            operation: "CreateMultipartUpload", method: .POST, key: key, query: [.init("uploads")],
            headers: [.init("Content-Type", "application/octet-stream")]
        ))
        let body = try await collect(response.body, limit: Limits.blobPieceBytes, operation: "CreateMultipartUpload")
        guard let id = S3XMLElement.parse(body)?.text(of: "UploadId"), !id.isEmpty else {
            throw S3Error.malformedResponse(operation: "CreateMultipartUpload", reason: "no UploadId")
        }
        return id
    }

    /// Sends one part (numbered from 1); returns its ETag for the completion.
    public func uploadPart(key: String, uploadID: String, number: Int, body: S3Body, payloadHash: String) async throws -> String {
        let response = try await send(.init(
            operation: "UploadPart", method: .PUT, key: key,
            query: [.init("partNumber", String(number)), .init("uploadId", uploadID)], body: body, payloadHash: payloadHash
        ))
        guard let etag = response.headers.first(name: "etag") else {
            throw S3Error.malformedResponse(operation: "UploadPart", reason: "no ETag")
        }
        return etag
    }

    /// Joins the parts (their ETags in order) into the object, which then appears whole.
    public func completeMultipartUpload(key: String, uploadID: String, etags: [String]) async throws {
        var xml = "<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
        for (index, etag) in etags.enumerated() {
            xml += "<Part><PartNumber>\(index + 1)</PartNumber><ETag>\(Self.escapeXML(etag))</ETag></Part>"
        }
        xml += "</CompleteMultipartUpload>"
        let response = try await send(.init(
            operation: "CompleteMultipartUpload", method: .POST, key: key, query: [.init("uploadId", uploadID)],
            headers: [.init("Content-Type", "application/xml")], body: .bytes(Data(xml.utf8))
        ))
        // S3 may answer 200 and then report a failure in the body.
        let body = try await collect(response.body, limit: Limits.blobPieceBytes, operation: "CompleteMultipartUpload")
        if let root = S3XMLElement.parse(body), root.name == "Error" {
            throw S3Error.service(
                operation: "CompleteMultipartUpload", status: 200, code: root.text(of: "Code") ?? "", message: root.text(of: "Message") ?? ""
            )
        }
    }

    /// Abandons a multipart upload and frees its parts; aborting one already gone is not an error.
    public func abortMultipartUpload(key: String, uploadID: String) async throws {
        do {
            _ = try await send(.init(operation: "AbortMultipartUpload", method: .DELETE, key: key, query: [.init("uploadId", uploadID)]))
        } catch let error as S3Error where error.status == 404 {
            return
        }
    }

    /// The unfinished multipart uploads of keys starting with `prefix` (the first 1,000); one
    /// without a readable start time is left out, so a sweep never aborts what it cannot date.
    public func listMultipartUploads(prefix: String) async throws -> [S3PendingUpload] {
        let response = try await send(.init(
            operation: "ListMultipartUploads", method: .GET, key: "", query: [.init("uploads"), .init("prefix", prefix)], bucketLevel: true
        ))
        let body = try await collect(response.body, limit: Limits.s3MaxResponseBodyBytes, operation: "ListMultipartUploads")
        guard let root = S3XMLElement.parse(body), root.name == "ListMultipartUploadsResult" else {
            throw S3Error.malformedResponse(operation: "ListMultipartUploads", reason: "no ListMultipartUploadsResult")
        }
        return root.children("Upload").compactMap { upload in
            guard let key = upload.text(of: "Key"), let id = upload.text(of: "UploadId"),
                  let initiated = upload.text(of: "Initiated").flatMap(S3Dates.parseISO)
            else { return nil }
            return S3PendingUpload(key: key, uploadID: id, initiated: initiated)
        }
    }

    static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
