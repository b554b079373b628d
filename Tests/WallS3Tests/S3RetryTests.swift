import Foundation
import NIOHTTP1
import Testing
import WallS3

/// How the S3 client meets a store that is busy or refuses: against a scripted HTTP server on
/// loopback, since a real store cannot be made to answer 503 on cue.
@Suite("S3 retries")
struct S3RetryTests {
    private func client(for server: ScriptedS3Server) -> S3Client {
        S3Client(configuration: S3Configuration(
            location: S3Location(bucket: "photos", prefix: "blobs"), endpoint: server.endpoint, region: "us-east-1",
            pathStyle: true, credentials: .init(accessKeyID: "testing", secretAccessKey: "testing")
        ))
    }

    private let body = Data("twelve bytes".utf8)

    @Test("A store that answers 503 twice and then takes the object gets it on the third try, the same signed request each time")
    func retriesABusyStoreUntilItTakesTheObject() async throws {
        let server = try await ScriptedS3Server(script: [
            .init(status: .serviceUnavailable, errorCode: "SlowDown"), .init(status: .serviceUnavailable, errorCode: "SlowDown"), .ok,
        ])
        try await client(for: server).putObject(key: "one", body: .bytes(body), payloadHash: SigV4Signer.unsignedPayload)
        let received = server.received
        try await server.stop()

        #expect(received.count == 3)
        #expect(Set(received.map(\.uri)) == ["/photos/one"])
        #expect(received.allSatisfy { $0.method == "PUT" && $0.signed && $0.bodyBytes == body.count })
    }

    @Test("A store that stays busy fails the call with its status and code after three tries")
    func givesUpOnAStoreThatStaysBusy() async throws {
        let server = try await ScriptedS3Server(script: [.init(status: .serviceUnavailable, errorCode: "SlowDown")])
        let error = await #expect(throws: S3Error.self) {
            try await client(for: server).putObject(key: "one", body: .bytes(body), payloadHash: SigV4Signer.unsignedPayload)
        }
        let tries = server.received.count
        try await server.stop()

        #expect(tries == 3)
        #expect(error == .service(operation: "PutObject", status: 503, code: "SlowDown", message: "scripted"))
    }

    @Test("A refusal (403) is not retried: one request, S3's code in the error")
    func doesNotRetryARefusal() async throws {
        let server = try await ScriptedS3Server(script: [.init(status: .forbidden, errorCode: "AccessDenied"), .ok])
        let error = await #expect(throws: S3Error.self) {
            try await client(for: server).putObject(key: "one", body: .bytes(body), payloadHash: SigV4Signer.unsignedPayload)
        }
        let tries = server.received.count
        try await server.stop()

        #expect(tries == 1)
        #expect(error == .service(operation: "PutObject", status: 403, code: "AccessDenied", message: "scripted"))
    }

    @Test("A read the store answers 500 once is retried and returns the object's bytes")
    func retriesAFailedRead() async throws {
        let server = try await ScriptedS3Server(script: [
            .init(status: .internalServerError, errorCode: "InternalError"), .init(status: .partialContent, body: "0123456789"),
        ])
        let read = try await client(for: server).getObject(key: "one", offset: 0, length: 10)
        let received = server.received
        try await server.stop()

        #expect(read == Data("0123456789".utf8))
        #expect(received.map(\.method) == ["GET", "GET"])
    }
}
