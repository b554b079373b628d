import AsyncHTTPClient
import Foundation
import NIOHTTP1
import WallCore

/// One object in a listing.
public struct S3ObjectSummary: Sendable, Equatable {
    /// Its key.
    public var key: String
    /// Its size in bytes.
    public var size: Int64
    /// When it was last written.
    public var lastModified: Date
}

extension S3Client {
    /// Every object whose key starts with `prefix`, following continuation tokens
    /// (ListObjectsV2, up to 1,000 keys a page).
    public func listObjects(prefix: String) async throws -> [S3ObjectSummary] {
        var found: [S3ObjectSummary] = []
        var token: String?
        repeat {
            let page = try await listObjectsPage(prefix: prefix, continuationToken: token)
            found += page.objects
            token = page.nextToken
        } while token != nil
        return found
    }

    /// One page of ListObjectsV2: its objects and the token of the next page, if any.
    public func listObjectsPage(
        prefix: String, continuationToken: String? = nil, maxKeys: Int = 1_000
    ) async throws -> (objects: [S3ObjectSummary], nextToken: String?) {
        var query: [SignableRequest.QueryItem] = [.init("list-type", "2"), .init("prefix", prefix), .init("max-keys", String(maxKeys))]
        if let continuationToken { query.append(.init("continuation-token", continuationToken)) }
        let response = try await send(.init(operation: "ListObjectsV2", method: .GET, key: "", query: query, bucketLevel: true))
        let body = try await collect(response.body, limit: Limits.s3MaxResponseBodyBytes, operation: "ListObjectsV2")
        guard let root = S3XMLElement.parse(body), root.name == "ListBucketResult" else {
            throw S3Error.malformedResponse(operation: "ListObjectsV2", reason: "no ListBucketResult")
        }
        let objects = try root.children("Contents").map { entry in
            guard let key = entry.text(of: "Key"), let size = entry.text(of: "Size").flatMap(Int64.init) else {
                throw S3Error.malformedResponse(operation: "ListObjectsV2", reason: "an entry without Key or Size")
            }
            return S3ObjectSummary(key: key, size: size, lastModified: entry.text(of: "LastModified").flatMap(S3Dates.parseISO) ?? .distantPast)
        }
        let truncated = root.text(of: "IsTruncated") == "true"
        let next = root.text(of: "NextContinuationToken").flatMap { $0.isEmpty ? nil : $0 }
        if truncated && next == nil {
            throw S3Error.malformedResponse(operation: "ListObjectsV2", reason: "truncated without a continuation token")
        }
        return (objects, truncated ? next : nil)
    }
}
