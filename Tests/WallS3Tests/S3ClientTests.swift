import Crypto
import Foundation
import Testing
import WallS3

/// The S3 client against a real S3-protocol server (moto's, from `scripts/with-s3`): objects,
/// ranges, listings with continuation, multipart uploads, and S3's errors.
@Suite("S3 client", .enabled(if: TestS3.endpoint != nil, "needs DWALL_TEST_S3_ENDPOINT (scripts/with-s3)"))
struct S3ClientTests {
    private func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    @Test func putsHeadsGetsRangesAndDeletesAnObject() async throws {
        let client = try await TestS3.freshBucket()
        let bytes = TestS3.pattern(10_000)
        try await client.putObject(key: "blobs/one", body: .bytes(Data(bytes)), payloadHash: sha256(bytes))
        #expect(try await client.headObject(key: "blobs/one")?.size == 10_000)
        let middle = try #require(try await client.getObject(key: "blobs/one", offset: 1_000, length: 500))
        #expect(Array(middle) == Array(bytes[1_000..<1_500]))
        let tail = try #require(try await client.getObject(key: "blobs/one", offset: 9_990, length: 500))
        #expect(Array(tail) == Array(bytes[9_990...]))
        try await client.deleteObject(key: "blobs/one")
        #expect(try await client.headObject(key: "blobs/one") == nil)
        #expect(try await client.getObject(key: "blobs/one", offset: 0, length: 10) == nil)
        try await client.deleteObject(key: "blobs/one")
    }

    @Test func aKeyWithSpacesAndUnicodeIsSignedAndStoredAsIs() async throws {
        let client = try await TestS3.freshBucket()
        let key = "blobs/été 2013/a+b (1)~x.jpg"
        try await client.putObject(key: key, body: .bytes(Data("hi".utf8)), payloadHash: sha256(Array("hi".utf8)))
        #expect(try await client.listObjects(prefix: "blobs/").map(\.key) == [key])
        #expect(try await client.getObject(key: key, offset: 0, length: 2) == Data("hi".utf8))
    }

    @Test func listsEveryPageWithContinuationTokens() async throws {
        let client = try await TestS3.freshBucket()
        let keys = (0..<7).map { "blobs/k\($0)" }
        for key in keys { try await client.putObject(key: key, body: .bytes(Data(key.utf8)), payloadHash: sha256(Array(key.utf8))) }
        try await client.putObject(key: "other/x", body: .empty, payloadHash: sha256([]))
        let first = try await client.listObjectsPage(prefix: "blobs/", maxKeys: 3)
        #expect(first.objects.count == 3)
        #expect(first.nextToken != nil)
        let all = try await client.listObjects(prefix: "blobs/")
        #expect(all.map(\.key).sorted() == keys)
        #expect(all.allSatisfy { $0.size == Int64($0.key.utf8.count) })
    }

    @Test func uploadsInPartsFromAFileAndNothingShowsBeforeCompletion() async throws {
        let client = try await TestS3.freshBucket()
        let part = 5 * 1_048_576
        let bytes = TestS3.pattern(2 * part + 12_345, seed: 9)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("s3-parts-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let id = try await client.createMultipartUpload(key: "blobs/big")
        var etags: [String] = []
        for (number, start) in stride(from: 0, to: bytes.count, by: part).enumerated() {
            let end = min(start + part, bytes.count)
            etags.append(try await client.uploadPart(
                key: "blobs/big", uploadID: id, number: number + 1,
                body: .file(path: file.path, offset: Int64(start), length: Int64(end - start)), payloadHash: sha256(Array(bytes[start..<end]))
            ))
        }
        #expect(try await client.headObject(key: "blobs/big") == nil)
        #expect(try await client.listMultipartUploads(prefix: "blobs/").map(\.uploadID) == [id])
        try await client.completeMultipartUpload(key: "blobs/big", uploadID: id, etags: etags)
        #expect(try await client.headObject(key: "blobs/big")?.size == Int64(bytes.count))
        let downloaded = file.appendingPathExtension("back")
        defer { try? FileManager.default.removeItem(at: downloaded) }
        #expect(try await client.download(key: "blobs/big", to: downloaded.path))
        #expect(try Data(contentsOf: downloaded) == Data(bytes))
        #expect(try await client.listMultipartUploads(prefix: "blobs/").isEmpty)
    }

    @Test func anAbortedMultipartUploadLeavesNothing() async throws {
        let client = try await TestS3.freshBucket()
        let id = try await client.createMultipartUpload(key: "blobs/gone")
        _ = try await client.uploadPart(key: "blobs/gone", uploadID: id, number: 1, body: .bytes(Data([1, 2, 3])), payloadHash: sha256([1, 2, 3]))
        try await client.abortMultipartUpload(key: "blobs/gone", uploadID: id)
        #expect(try await client.listMultipartUploads(prefix: "blobs/").isEmpty)
        #expect(try await client.headObject(key: "blobs/gone") == nil)
    }

    @Test func aMissingBucketSaysNoSuchBucket() async throws {
        let client = TestS3.client(bucket: "dwall-absent-" + UUID().uuidString.lowercased().prefix(12))
        do {
            try await client.putObject(key: "blobs/x", body: .bytes(Data([1])), payloadHash: sha256([1]))
            Issue.record("a put into a missing bucket succeeded")
        } catch let error as S3Error {
            #expect(error.code == "NoSuchBucket")
            #expect(error.description.contains("NoSuchBucket"))
            #expect(error.description.contains("HTTP 404"))
        }
    }

    @Test func aPortWithNothingListeningIsATransportError() async throws {
        let client = TestS3.client(bucket: "whatever", endpoint: URL(string: "http://127.0.0.1:\(try closedPort())")!)
        do {
            _ = try await client.headObject(key: "blobs/x")
            Issue.record("a HEAD to a closed port succeeded")
        } catch let error as S3Error {
            guard case .transport = error else { Issue.record("not a transport error: \(error)"); return }
            #expect(error.description.contains("connection refused"))
        }
    }

    @Test func copyingAnObjectOntoItselfRefreshesItsTime() async throws {
        let client = try await TestS3.freshBucket()
        try await client.putObject(key: "blobs/t", body: .bytes(Data([7])), payloadHash: sha256([7]))
        let before = try #require(try await client.headObject(key: "blobs/t"))
        // Last-Modified has one-second resolution: wait for the next second by the clock, not a guess.
        let deadline = Date().addingTimeInterval(5)
        while Date() < before.lastModified.addingTimeInterval(1.1) && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        try await client.copyObject(from: "blobs/t", to: "blobs/t")
        let after = try #require(try await client.headObject(key: "blobs/t"))
        #expect(after.lastModified > before.lastModified)
        #expect(try await client.getObject(key: "blobs/t", offset: 0, length: 1) == Data([7]))
    }
}

/// A port on 127.0.0.1 nothing listens on (bound, then closed).
func closedPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    guard bound else { throw S3Error.transport(operation: "test", reason: "no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
}
