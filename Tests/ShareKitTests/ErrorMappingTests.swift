import Foundation
import ShareKit
import Testing
import WallCore

@Suite struct ErrorMappingTests {
    func response(_ status: Int, _ code: ErrorCode, field: String? = nil, headers: [String: String] = [:]) -> HTTPResponseMessage {
        CannedTransport.error(status, code, "The message.", field: field, headers: headers)
    }

    @Test func statusesMapToTypedErrors() {
        #expect(ShareError(response: response(400, .invalidField, field: "url")) == .invalid(field: "url", message: "The message."))
        #expect(ShareError(response: response(401, .unauthorized)) == .unauthorized("The message."))
        #expect(ShareError(response: response(404, .notFound, field: "wall")) == .notFound(field: "wall", message: "The message."))
        #expect(ShareError(response: response(409, .conflict)) == .conflict(code: .conflict, message: "The message."))
        #expect(ShareError(response: response(409, .shareDeleted)) == .conflict(code: .shareDeleted, message: "The message."))
        #expect(ShareError(response: response(413, .tooLarge)) == .tooLarge("The message."))
        #expect(ShareError(response: response(415, .unsupportedMediaType)) == .unsupported("The message."))
        #expect(ShareError(response: response(500, .internalError)) == .server(status: 500, message: "The message."))
        #expect(ShareError(response: response(302, .internalError)) == .unexpected(status: 302, message: "The message."))
        for status in [408, 425] {
            let error = ShareError(response: HTTPResponseMessage(status: status, body: Data("<html>Request Timeout</html>".utf8)))
            #expect(error == .server(status: status, message: "HTTP \(status)") && error.shouldKeepForLater && error.isRetryable)
        }
    }

    @Test func retryAfterIsReadInSecondsOrAsADate() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(ShareError(response: response(429, .rateLimited, headers: ["Retry-After": "3"])) == .rateLimited(retryAfter: .seconds(3)))
        #expect(ShareError(response: response(503, .unavailable, headers: ["retry-after": "2"])) == .unavailable(retryAfter: .seconds(2)))
        #expect(ShareError(response: response(429, .rateLimited)) == .rateLimited(retryAfter: nil))
        // 2027-01-15T08:00:10Z is 10 s after `now`.
        #expect(RetryAfter.parse("Fri, 15 Jan 2027 08:00:10 GMT", now: now) == .seconds(10))
        #expect(RetryAfter.parse("Fri, 15 Jan 2027 07:00:00 GMT", now: now) == .zero, "a date in the past is no wait")
        #expect(RetryAfter.parse("soon", now: now) == nil)
        #expect(RetryAfter.parse("-1", now: now) == nil)
    }

    @Test func anUnreadableBodyStillMapsByStatus() {
        let proxy = HTTPResponseMessage(status: 502, headers: ["Content-Type": "text/html"], body: Data("<h1>Bad gateway</h1>".utf8))
        #expect(ShareError(response: proxy) == .server(status: 502, message: "HTTP 502"))
    }

    @Test func transportFailuresAreOfflineTimedOutOrCancelled() {
        #expect(ShareError(transportError: URLError(.timedOut)) == .timedOut)
        #expect(ShareError(transportError: URLError(.cannotConnectToHost)) == .offline(URLError(.cannotConnectToHost).localizedDescription))
        #expect(ShareError(transportError: CancellationError()) == .cancelled)
    }

    @Test func whatToDoAboutEachError() {
        let keep: [ShareError] = [.offline("x"), .timedOut, .rateLimited(retryAfter: nil), .unavailable(retryAfter: nil), .server(status: 500, message: "x"), .unauthorized("x")]
        let drop: [ShareError] = [.invalid(field: nil, message: "x"), .notFound(field: nil, message: "x"), .conflict(code: .conflict, message: "x"), .tooLarge("x"), .unsupported("x"), .unexpected(status: 302, message: "x")]
        #expect(keep.allSatisfy { $0.shouldKeepForLater })
        #expect(!drop.contains { $0.shouldKeepForLater })
        #expect(!drop.contains { $0.isRetryable })
        #expect(!ShareError.unauthorized("x").isRetryable, "a refused token needs a sign-in, not a retry")
        #expect(ShareError.storage("disk full").isRetryable && !ShareError.storage("disk full").shouldKeepForLater)
        #expect(ShareError.conflict(code: .shareDeleted, message: "x").meansDelivered)
        #expect(ShareError.unexpected(status: 201, message: "x").meansDelivered)
        #expect(!ShareError.conflict(code: .conflict, message: "x").meansDelivered)
        #expect(ShareError.conflict(code: .shareDeleted, message: "x").code == "share_deleted")
        #expect(ShareError.rateLimited(retryAfter: .seconds(3)).description == "Too many requests; try again in 3 s.")
    }
}
