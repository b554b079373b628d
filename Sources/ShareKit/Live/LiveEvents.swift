import Foundation
import WallCore

/// Keeps a live connection to `GET /v1/events`: reads server-sent events into `ItemEvent`s and
/// reconnects after a drop with `Last-Event-ID`, so nothing is missed (or, when the server pruned
/// what was missed, reports `.reset` so the list is reloaded), waiting the server's
/// `retry:` (doubled after each failure in a row, up to `maximumDelay`), or its `Retry-After`
/// when that is longer.
/// Generic over the clock it waits on, so tests never sleep.
public struct LiveEvents<C: Clock>: Sendable where C.Duration == Duration {
    /// The server's base address.
    public var server: URL
    /// The bearer token.
    public var token: String
    /// What opens the stream.
    public var transport: any StreamingTransport
    /// The clock reconnection waits are measured on.
    public var clock: C
    /// The first wait before reconnecting, until the server says otherwise with `retry:`.
    public var initialDelay: Duration
    /// The longest wait between attempts.
    public var maximumDelay: Duration

    /// Makes a connection's settings.
    public init(
        server: URL, token: String, transport: any StreamingTransport, clock: C,
        initialDelay: Duration = .seconds(2), maximumDelay: Duration = .seconds(60)
    ) {
        self.server = server
        self.token = token
        self.transport = transport
        self.clock = clock
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// Runs until cancelled (then returns) or until the server refuses the token (then throws
    /// `unauthorized`), passing every update to `deliver`.
    public func run(after lastEventID: Int64? = nil, deliver: @Sendable (LiveUpdate) async -> Void) async throws(ShareError) {
        var lastID = lastEventID
        var delay = initialDelay
        var failuresInARow = 0
        while !Task.isCancelled {
            let (reason, connected) = try await connectOnce(lastID: &lastID, delay: &delay, deliver: deliver)
            if Task.isCancelled { return }
            failuresInARow = connected ? 1 : failuresInARow + 1
            let backoff = delay * (1 << min(failuresInARow - 1, 10))
            let wait = max(reason.retryAfter ?? .zero, min(maximumDelay, backoff))
            await deliver(.disconnected(reason, retryIn: wait))
            do { try await clock.sleep(for: wait) } catch { return }
        }
    }

    /// One connection: returns why it ended and whether it had opened.
    private func connectOnce(
        lastID: inout Int64?, delay: inout Duration, deliver: @Sendable (LiveUpdate) async -> Void
    ) async throws(ShareError) -> (ShareError, connected: Bool) {
        let response: StreamingResponse
        do { response = try await transport.open(request(lastID: lastID)) } catch {
            return (ShareError(transportError: error), false)
        }
        guard response.head.isSuccess else {
            let error = ShareError(response: (try? await response.collected()) ?? response.head)
            if case .unauthorized = error { throw error }
            return (error, false)
        }
        await deliver(.connected(resumed: lastID != nil))
        var parser = SSEParser()
        var splitter = LineSplitter()
        do {
            for try await chunk in response.chunks {
                for line in splitter.feed(chunk) {
                    guard let message = parser.feed(line: line) else { continue }
                    if let retry = parser.retry { delay = retry }
                    if message.event == Self.resetEvent {
                        lastID = message.id.flatMap { Int64($0) } ?? lastID
                        await deliver(.reset(lastEventID: lastID))
                        continue
                    }
                    guard let event = Self.itemEvent(message) else { continue }
                    lastID = event.seq
                    await deliver(.event(event))
                }
            }
        } catch {
            if let retry = parser.retry { delay = retry }
            return (ShareError(transportError: error), true)
        }
        if let retry = parser.retry { delay = retry }
        return (.offline("The server ended the event stream."), true)
    }

    private func request(lastID: Int64?) -> HTTPRequestMessage {
        var headers = ["Accept": "text/event-stream", "Authorization": "Bearer \(token)", "Cache-Control": "no-cache"]
        if let lastID { headers["Last-Event-ID"] = String(lastID) }
        return HTTPRequestMessage(method: "GET", url: server.appendingPathComponent("v1/events"), headers: headers)
    }

    /// The event that tells a client resuming from before the server's horizon to reload.
    static var resetEvent: String { "reset" }

    /// The item event a message carries; `nil` for other events and for data that can't be read.
    static func itemEvent(_ message: ServerSentEvent) -> ItemEvent? {
        guard ItemEvent.Kind(rawValue: message.event) != nil else { return nil }
        return try? WallJSON.decoder().decode(ItemEvent.self, from: Data(message.data.utf8))
    }
}
