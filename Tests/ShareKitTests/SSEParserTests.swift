import Foundation
import ShareKit
import Testing

@Suite struct SSEParserTests {
    func parse(_ text: String, chunkSize: Int = .max) -> (events: [ServerSentEvent], parser: SSEParser) {
        var splitter = LineSplitter()
        var parser = SSEParser()
        var events: [ServerSentEvent] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunkSize)
            for line in splitter.feed(Data(bytes[start..<end])) {
                if let event = parser.feed(line: line) { events.append(event) }
            }
            start = end
        }
        return (events, parser)
    }

    @Test func readsTheServersFramesWithIDsAndComments() {
        let stream = "retry: 2000\n: connected\n\nid: 7\nevent: item.created\ndata: {\"a\":1}\n\n: ping\n\nid: 8\nevent: item.deleted\ndata: {}\n\n"
        let (events, parser) = parse(stream)
        #expect(events == [
            ServerSentEvent(id: "7", event: "item.created", data: "{\"a\":1}"),
            ServerSentEvent(id: "8", event: "item.deleted", data: "{}"),
        ])
        #expect(parser.lastEventID == "8")
        #expect(parser.retry == .milliseconds(2000))
    }

    @Test func theSameStreamCutAnywhereGivesTheSameEvents() {
        let stream = "id: 1\r\nevent: item.updated\r\ndata: line one\r\ndata:line two\r\n\r\ndata: é ü\r\r"
        let whole = parse(stream).events
        #expect(whole == [
            ServerSentEvent(id: "1", event: "item.updated", data: "line one\nline two"),
            ServerSentEvent(id: "1", event: "message", data: "é ü"),
        ])
        for size in 1...7 { #expect(parse(stream, chunkSize: size).events == whole, "chunks of \(size) bytes") }
    }

    @Test func eventsWithoutDataAndBadFieldsAreIgnored() {
        let (events, parser) = parse("event: item.created\n\nretry: soon\nretry: -5\nfoo: bar\nid: a\u{0}b\ndata\n\n")
        #expect(events == [ServerSentEvent(id: nil, event: "message", data: "")])
        #expect(parser.retry == nil)
    }

    @Test func anUnfinishedEventAtTheEndIsNotDispatched() {
        #expect(parse("data: half").events.isEmpty)
    }
}
