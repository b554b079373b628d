/// One event of a `text/event-stream`, as the HTML standard's parser dispatches it.
public struct ServerSentEvent: Sendable, Equatable {
    /// The last `id:` seen on the stream (it carries over to later events without one).
    public var id: String?
    /// The `event:` name; `message` when the event named none.
    public var event: String
    /// The `data:` lines, joined with newlines.
    public var data: String

    /// Makes an event.
    public init(id: String?, event: String, data: String) {
        self.id = id
        self.event = event
        self.data = data
    }
}
