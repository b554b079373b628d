import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WallCore
import WallStore

/// `GET /v1/events`: the caller's item changes as server-sent events.
///
/// With `Last-Event-ID` (or `?lastEventId=`), events missed since that id are sent first from the
/// event log, then live ones; when the log was pruned past that id, a `reset` event comes
/// instead (the client reloads); a comment line every `heartbeat` keeps proxies from closing the
/// stream and notices clients that went away. The stream ends when the server shuts down, and
/// when a client falls too far behind (it reconnects and catches up from the log). One user may
/// hold `Limits.maxEventStreamsPerUser` streams open; one more is refused with 429.
struct EventsController {
    let store: any WallStore
    let heartbeat: Duration
    let streams: ConcurrencyLimiter<UUID>

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).get(use: stream)
    }

    func stream(_ request: Request, context: WallRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let resumeAfter = try Self.lastEventID(request)
        let slot = try streams.acquire(identity.userID)
        let live = store.feed.subscribe(userID: identity.userID)
        let store = self.store
        let heartbeat = self.heartbeat
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache",
            HTTPField.Name("X-Accel-Buffering")!: "no",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { slot.free() }
            try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
            var lastSent = resumeAfter ?? 0
            if let resumeAfter, try await store.eventHorizon() > resumeAfter {
                // Events after `resumeAfter` may have been pruned: the client must reload.
                lastSent = try await store.lastEventSeq(userID: identity.userID)
                try await writer.write(SSEFormat.reset(seq: lastSent))
            } else if let resumeAfter {
                lastSent = try await Self.sendBacklog(after: resumeAfter, userID: identity.userID, store: store, to: &writer)
            }
            try await SSEPump.run(live, heartbeat: heartbeat) { message in
                switch message {
                case .heartbeat:
                    try await writer.write(ByteBuffer(string: ": ping\n\n"))
                case .event(let event) where event.seq > lastSent:
                    try await writer.write(SSEFormat.frame(event))
                    lastSent = event.seq
                case .event:
                    break
                }
            }
            try await writer.finish(nil)
        })
    }

    /// Sends logged events after `seq`, page by page; returns the last seq sent.
    private static func sendBacklog(
        after seq: Int64, userID: UUID, store: any WallStore, to writer: inout any ResponseBodyWriter
    ) async throws -> Int64 {
        var last = seq
        while true {
            let page = try await store.events(after: last, userID: userID, limit: 500)
            for event in page { try await writer.write(SSEFormat.frame(event)) }
            guard let newest = page.last?.seq else { return last }
            last = newest
        }
    }

    private static func lastEventID(_ request: Request) throws -> Int64? {
        let header = request.headers[HTTPField.Name("Last-Event-ID")!]
        let field = header == nil ? "lastEventId" : "Last-Event-ID"
        guard let raw = header ?? request.uri.queryParameters.get("lastEventId"), !raw.isEmpty else { return nil }
        guard let seq = Int64(raw), seq >= 0 else {
            throw ValidationError.invalid(field, "\(field) must be an event id this server sent.")
        }
        return seq
    }
}

/// The wire form of one event: `id`, `event` and a one-line JSON `data`.
enum SSEFormat {
    /// Tells a client that resumed from before the event log's horizon to reload what it shows;
    /// its `id` is where to resume after reloading.
    static func reset(seq: Int64) -> ByteBuffer {
        ByteBuffer(string: "id: \(seq)\nevent: reset\ndata: {}\n\n")
    }

    static func frame(_ event: ItemEvent) -> ByteBuffer {
        var json = JSONOutput()
        event.write(to: &json)
        var buffer = ByteBuffer(string: "id: \(event.seq)\nevent: \(event.type.rawValue)\ndata: ")
        var body = json.buffer
        buffer.writeBuffer(&body)
        buffer.writeString("\n\n")
        return buffer
    }
}
