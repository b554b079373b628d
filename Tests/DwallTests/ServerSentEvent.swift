import Foundation

/// One event of a `text/event-stream` body: its `id`, `event` name and `data`.
struct ServerSentEvent: Equatable {
    var id: String?
    var event: String?
    var data: String

    /// The events in `body`, in order; comments (heartbeats) and `retry` lines are left out.
    static func parse(_ body: String) -> [ServerSentEvent] {
        body.components(separatedBy: "\n\n").compactMap { block in
            var event = ServerSentEvent(data: "")
            var hasField = false
            for line in block.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix(":") {
                let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? String(parts[1].hasPrefix(" ") ? parts[1].dropFirst() : parts[1]) : ""
                switch parts[0] {
                case "id": event.id = value; hasField = true
                case "event": event.event = value; hasField = true
                case "data": event.data += value; hasField = true
                default: continue
                }
            }
            return hasField && event.event != nil ? event : nil
        }
    }
}
