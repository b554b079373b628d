import Foundation
import ShareKit
import WallCore

/// A transport that answers from a script and records what was sent (and at what clock time).
final class CannedTransport: HTTPTransport, Sendable {
    typealias Responder = @Sendable (_ request: HTTPRequestMessage, _ index: Int) throws -> HTTPResponseMessage

    private let responder: Responder
    private let clock: TestClock?
    private let latency: Duration
    private let log = Locked<[(request: HTTPRequestMessage, at: Duration)]>([])

    init(clock: TestClock? = nil, latency: Duration = .zero, _ responder: @escaping Responder) {
        self.clock = clock
        self.latency = latency
        self.responder = responder
    }

    /// Every request, in the order sent.
    var requests: [HTTPRequestMessage] { log.withLock { $0.map(\.request) } }

    /// The clock time each request was sent at.
    var sentAt: [Duration] { log.withLock { $0.map(\.at) } }

    func send(_ request: HTTPRequestMessage) async throws -> HTTPResponseMessage {
        let index = log.withLock { log in
            log.append((request, clock?.elapsed ?? .zero))
            return log.count - 1
        }
        await Task.yield()
        if let timeout = request.timeout, latency > timeout {
            clock?.advance(by: timeout)
            throw URLError(.timedOut)
        }
        clock?.advance(by: latency)
        return try responder(request, index)
    }

    // MARK: Canned answers

    /// A JSON answer.
    static func json(_ status: Int, _ body: some Encodable, headers: [String: String] = [:]) -> HTTPResponseMessage {
        let data = (try? WallJSON.encoder().encode(body)) ?? Data()
        return HTTPResponseMessage(status: status, headers: headers.merging(["Content-Type": "application/json"]) { $1 }, body: data)
    }

    /// An error answer in the API's shape.
    static func error(_ status: Int, _ code: ErrorCode, _ message: String = "refused", field: String? = nil, headers: [String: String] = [:]) -> HTTPResponseMessage {
        json(status, ErrorBody(code: code, message: message, field: field), headers: headers)
    }

    /// The 201 the server gives a new share, built from the request sent.
    static func saved(_ request: HTTPRequestMessage, status: Int = 201) -> HTTPResponseMessage {
        let share = try! WallJSON.decoder().decode(ShareRequest.self, from: request.body ?? Data())
        let item = Item(
            id: UUID.timeOrdered(), kind: share.contentType, url: share.url, title: share.title, text: share.text,
            userNote: share.userNote, tags: share.tags ?? [], wallId: UUID(), source: share.source ?? .api,
            createdAt: Date(timeIntervalSince1970: 1_800_000_000), updatedAt: Date(timeIntervalSince1970: 1_800_000_000)
        )
        return json(status, ShareResponse(id: share.id, status: .saved, message: "Saved.", item: item, duplicate: false))
    }

    /// The share a request carried.
    static func share(in request: HTTPRequestMessage) -> ShareRequest? {
        try? WallJSON.decoder().decode(ShareRequest.self, from: request.body ?? Data())
    }

    /// The id of the share a JSON or multipart body carries (its first `"id"`), as the server
    /// reads it to acknowledge the share.
    static func shareID(in body: Data) -> UUID? {
        let text = String(decoding: body, as: UTF8.self)
        guard let match = text.firstMatch(of: /"id"\s*:\s*"([0-9A-Fa-f-]{36})"/) else { return nil }
        return UUID(uuidString: String(match.1))
    }
}
