/// Reads a `text/event-stream` line by line, as the HTML standard says: `field: value` lines build
/// an event, a blank line dispatches it, `:` lines are comments, unknown fields are ignored.
public struct SSEParser: Sendable {
    /// The last event id the stream set, for `Last-Event-ID` when reconnecting.
    public private(set) var lastEventID: String?
    /// The reconnection delay the stream asked for with `retry:`.
    public private(set) var retry: Duration?

    private var eventType = ""
    private var dataLines: [String] = []

    /// Makes a parser at the start of a stream.
    public init() {}

    /// Takes one line (without its line ending); returns the event a blank line completes.
    public mutating func feed(line: String) -> ServerSentEvent? {
        if line.isEmpty { return dispatch() }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = ""
        }
        switch field {
        case "event": eventType = String(value)
        case "data": dataLines.append(String(value))
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry":
            if !value.isEmpty, value.allSatisfy(\.isASCIIDigit), let millis = Int64(value) { retry = .milliseconds(millis) }
        default: break
        }
        return nil
    }

    /// Ends the event being built: an event with no data is dropped, as the standard says.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = ""
            dataLines = []
        }
        guard !dataLines.isEmpty else { return nil }
        return ServerSentEvent(id: lastEventID, event: eventType.isEmpty ? "message" : eventType, data: dataLines.joined(separator: "\n"))
    }
}

extension Character {
    /// `0`…`9` only (not other scripts' digits).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
