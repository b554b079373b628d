import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import WallCore

/// One S3 request before signing.
struct S3Call: Sendable {
    var operation: String
    var method: HTTPMethod
    var key: String
    var query: [SignableRequest.QueryItem] = []
    var headers: [SignableRequest.Header] = []
    var body: S3Body = .empty
    /// The body's SHA-256 in hex; nil computes it for small bodies and sends a file region as
    /// `UNSIGNED-PAYLOAD`.
    var payloadHash: String?
    /// A request on the bucket itself (HEAD bucket, listings) rather than an object.
    var bucketLevel = false
}

extension S3Client {
    /// Sends a call, retrying twice (after 0.2 s and 0.8 s) when the store is busy or the
    /// connection broke; returns a 2xx response whose body is still to be read.
    func send(_ call: S3Call) async throws -> HTTPClientResponse {
        var attempt = 0
        while true {
            do {
                return try await sendOnce(call)
            } catch let error as S3Error where error.isTransient && attempt < 2 {
                attempt += 1
                try await Task.sleep(for: .milliseconds(200 << (2 * (attempt - 1))))
            }
        }
    }

    private func sendOnce(_ call: S3Call) async throws -> HTTPClientResponse {
        let address = configuration.address(key: call.key, bucketLevel: call.bucketLevel)
        let payloadHash = call.payloadHash ?? Self.payloadHash(of: call.body)
        var signable = SignableRequest(
            method: call.method.rawValue, path: address.path, query: call.query,
            headers: [.init("Host", address.host), .init("x-amz-content-sha256", payloadHash)] + call.headers,
            payloadHash: payloadHash
        )
        signable = signer.sign(signable, at: clock())
        let query = SigV4Signer.canonicalQuery(call.query)
        var request = HTTPClientRequest(url: address.url + (query.isEmpty ? "" : "?\(query)"))
        request.method = call.method
        for header in signable.headers { request.headers.add(name: header.name, value: header.value) }
        switch call.body {
        case .empty:
            if call.method == .PUT || call.method == .POST { request.body = .bytes(ByteBuffer()) }
        case .bytes(let data):
            request.body = .bytes(ByteBuffer(data: data))
        case .file(let path, let offset, let length):
            request.body = .stream(FileRegionChunks(path: path, offset: offset, length: length), length: .known(length))
        }
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(Int64(Limits.s3RequestTimeout.components.seconds)))
        } catch let error as S3Error {
            throw error
        } catch {
            throw S3Error.transport(operation: call.operation, reason: "\(Self.describe(error)) (\(configuration.endpoint.absoluteString))")
        }
        guard (200..<300).contains(response.status.code) else {
            let body = (try? await collect(response.body, limit: Limits.blobPieceBytes, operation: call.operation)) ?? Data()
            let error = S3XMLElement.parse(body)
            throw S3Error.service(
                operation: call.operation, status: Int(response.status.code),
                code: error?.text(of: "Code") ?? (response.status.code == 404 ? "NotFound" : ""),
                message: error?.text(of: "Message") ?? ""
            )
        }
        return response
    }

    /// Reads a response body of at most `limit` bytes.
    func collect(_ body: HTTPClientResponse.Body, limit: Int, operation: String) async throws -> Data {
        do {
            var buffer = try await body.collect(upTo: limit)
            return buffer.readData(length: buffer.readableBytes) ?? Data()
        } catch {
            throw S3Error.transport(operation: operation, reason: Self.describe(error))
        }
    }

    static func payloadHash(of body: S3Body) -> String {
        switch body {
        case .empty: SigV4Signer.emptyPayloadHash
        case .bytes(let data): SigV4Signer.hex(SHA256.hash(data: data))
        case .file: SigV4Signer.unsignedPayload
        }
    }

    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("deadlineExceeded") || text.contains("connectTimeout") { return "timed out" }
        return text
    }
}

extension S3Error {
    /// The HTTP status the store answered, if it answered.
    var status: Int? {
        if case .service(_, let status, _, _) = self { return status }
        return nil
    }

    /// Whether trying again may succeed: the store was busy or failing, or the connection broke.
    var isTransient: Bool {
        switch self {
        case .service(_, let status, let code, _):
            status >= 500 || code == "SlowDown" || code == "RequestTimeout"
        case .transport(_, let reason):
            reason != "connection refused"
        case .malformedResponse:
            false
        }
    }
}
