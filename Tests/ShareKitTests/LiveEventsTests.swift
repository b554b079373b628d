import Foundation
import ShareKit
import Testing
import WallCore

@Suite struct LiveEventsTests {
    static let server = URL(string: "https://wall.example.com")!

    static func frame(_ seq: Int64, _ kind: ItemEvent.Kind, item: Item?) -> String {
        let event = ItemEvent(seq: seq, type: kind, itemId: item?.id ?? UUID(), item: item)
        let json = String(decoding: try! WallJSON.encoder().encode(event), as: UTF8.self)
        return "id: \(seq)\nevent: \(kind.rawValue)\ndata: \(json)\n\n"
    }

    static func item(_ text: String) -> Item {
        Item(id: UUID(), kind: .text, text: text, wallId: UUID(), source: .cli, createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
    }

    func run(_ answers: [ScriptedStream.Answer], after: Int64? = nil) async -> (updates: [LiveUpdate], error: ShareError?, transport: ScriptedStream, clock: TestClock) {
        let transport = ScriptedStream(answers)
        let clock = TestClock()
        let live = LiveEvents(server: Self.server, token: "dw_t", transport: transport, clock: clock)
        let updates = Locked<[LiveUpdate]>([])
        var thrown: ShareError?
        do { try await live.run(after: after) { update in updates.withLock { $0.append(update) } } } catch { thrown = error }
        return (updates.withLock { $0 }, thrown, transport, clock)
    }

    @Test func eventsArriveAndADropReconnectsWithTheLastEventID() async throws {
        let first = Self.item("first")
        let (updates, error, transport, clock) = await run([
            .stream(status: 200, chunks: ["retry: 500\n: connected\n\n", Self.frame(41, .created, item: first), ": ping\n\n"]),
            .stream(status: 200, chunks: [Self.frame(42, .deleted, item: nil)]),
            .stream(status: 401, chunks: [#"{"error":{"code":"unauthorized","message":"Revoked."}}"#]),
        ])
        #expect(error == .unauthorized("Revoked."), "a refused token ends the run")
        guard updates.count == 6 else { Issue.record("\(updates)"); return }
        #expect(updates[0] == .connected(resumed: false))
        #expect(updates[1] == .event(ItemEvent(seq: 41, type: .created, itemId: first.id, item: first)))
        #expect(updates[2] == .disconnected(.offline("The server ended the event stream."), retryIn: .milliseconds(500)))
        #expect(updates[3] == .connected(resumed: true))
        if case .event(let deleted) = updates[4] { #expect(deleted.seq == 42 && deleted.type == .deleted) } else { Issue.record("\(updates[4])") }
        #expect(clock.sleeps == [.milliseconds(500), .milliseconds(500)], "the server's retry: is kept across connections")
        let requests = transport.requests
        #expect(requests.map { $0.headers["Last-Event-ID"] } == [nil, "41", "42"])
        #expect(requests.allSatisfy { $0.url.absoluteString == "https://wall.example.com/v1/events" && $0.headers["Authorization"] == "Bearer dw_t" })
    }

    @Test func aResetFromTheServerIsReportedAndTheNextResumeStartsAtItsID() async throws {
        let later = Self.item("later")
        let (updates, _, transport, _) = await run([
            .stream(status: 200, chunks: ["retry: 500\n: connected\n\nid: 900\nevent: reset\ndata: {}\n\n", Self.frame(901, .created, item: later)]),
            .stream(status: 200, chunks: []),
        ], after: 12)
        guard updates.count >= 4 else { Issue.record("\(updates)"); return }
        #expect(updates[0] == .connected(resumed: true))
        #expect(updates[1] == .reset(lastEventID: 900), "events since 12 were pruned: the list must be reloaded")
        #expect(updates[2] == .event(ItemEvent(seq: 901, type: .created, itemId: later.id, item: later)))
        #expect(transport.requests.map { $0.headers["Last-Event-ID"] }.prefix(2) == ["12", "901"])
    }

    @Test func failuresInARowBackOffAndRetryAfterIsHonoured() async {
        let (updates, error, _, clock) = await run([
            .fail(.cannotConnectToHost), .fail(.cannotConnectToHost), .fail(.timedOut),
            .stream(status: 503, headers: ["Retry-After": "90"], chunks: []),
            .stream(status: 200, chunks: []),
        ], after: 5)
        #expect(error == nil, "the script ending cancels the run, which returns quietly")
        #expect(clock.sleeps == [.seconds(2), .seconds(4), .seconds(8), .seconds(90), .seconds(2)])
        #expect(updates.contains(.connected(resumed: true)))
        #expect(updates.first == .disconnected(.offline(URLError(.cannotConnectToHost).localizedDescription), retryIn: .seconds(2)))
    }

    @Test func theBackoffStopsAtItsMaximum() async {
        let transport = ScriptedStream(Array(repeating: .fail(.notConnectedToInternet), count: 8))
        let clock = TestClock()
        let live = LiveEvents(server: Self.server, token: "t", transport: transport, clock: clock, initialDelay: .seconds(1), maximumDelay: .seconds(10))
        try? await live.run { _ in }
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(10), .seconds(10), .seconds(10), .seconds(10)])
    }

    @Test func otherEventsAndUnreadableDataAreSkipped() async {
        let item = Self.item("kept")
        let (updates, _, _, _) = await run([
            .stream(status: 200, chunks: ["event: ping\ndata: {}\n\nid: 3\nevent: item.updated\ndata: not json\n\n", Self.frame(4, .updated, item: item)]),
        ])
        let seqs = updates.compactMap { update -> Int64? in
            if case .event(let event) = update { return event.seq }
            return nil
        }
        #expect(seqs == [4])
    }
}
