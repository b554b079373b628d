import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore
import WallServer
import WallStore

/// `GET /v1/events` over a real socket: live events, resuming with `Last-Event-ID`, privacy, and
/// the end of the stream at shutdown. Each test waits for specific events under a deadline.
@Suite struct EventsTests {
    /// The event's `data:` as the contract's `ItemEvent`, checked against its `id:` line.
    static func itemEvent(_ event: SSEEvent, sourceLocation: SourceLocation = #_sourceLocation) throws -> ItemEvent {
        let decoded = try WallJSON.decoder().decode(ItemEvent.self, from: Data(event.data.utf8))
        #expect(event.id == String(decoded.seq), "id: must be the event's seq", sourceLocation: sourceLocation)
        #expect(event.event == decoded.type.rawValue, sourceLocation: sourceLocation)
        return decoded
    }

    @Test func shareMadeAfterConnectingArrivesAsItemCreated() async throws {
        try await TestServer.run(.live) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let port = try #require(client.port)

            let (head, event, shared) = try await SSEClient.withStream(port: port, token: token) { reader in
                let head = (reader.status, reader.headers["content-type"], reader.headers["cache-control"])
                let shared = try await client.shareLink("https://example.com/live", token: token, title: "Live")
                let event = try await reader.nextEvent()
                return (head, event, shared)
            }

            #expect(head.0 == 200)
            #expect(head.1?.hasPrefix("text/event-stream") == true)
            #expect(head.2 == "no-cache")
            #expect(event.event == "item.created")
            let decoded = try Self.itemEvent(event)
            #expect(decoded.type == .created)
            #expect(decoded.itemId == shared.item.id)
            #expect(decoded.item == shared.item)
        }
    }

    @Test func idleStreamSendsARetryHintThenHeartbeats() async throws {
        try await TestServer.run(.live) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let port = try #require(client.port)

            let lines = try await SSEClient.withStream(port: port, token: token) { reader in
                var lines: [String] = []
                while let line = try await reader.nextLine() {
                    lines.append(line)
                    if line.hasPrefix(": ping") { break }
                }
                return lines
            }

            #expect(lines.first == "retry: 2000")
            #expect(lines.last == ": ping")
        }
    }

    @Test func editsAndDeletionsArriveInOrder() async throws {
        try await TestServer.run(.live) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let port = try #require(client.port)
            let item = try await client.shareLink("https://example.com/edited", token: token).item

            let events = try await SSEClient.withStream(port: port, token: token) { reader in
                _ = try await client.send(.patch, "/v1/items/\(item.id)", token: token, body: #"{"title": "Renamed"}"#)
                _ = try await client.send(.delete, "/v1/items/\(item.id)", token: token)
                return [try await reader.nextEvent(), try await reader.nextEvent()]
            }

            let updated = try Self.itemEvent(events[0])
            let deleted = try Self.itemEvent(events[1])
            #expect(updated.type == .updated)
            #expect(updated.item?.title == "Renamed")
            #expect(deleted.type == .deleted)
            #expect(deleted.itemId == item.id)
            #expect(deleted.seq > updated.seq)
        }
    }

    @Test func lastEventIDReplaysWhatCameAfterItFirst() async throws {
        try await TestServer.run(.live) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let port = try #require(client.port)
            // Given three shares made while nobody listened
            var shared: [UUID] = []
            for index in 0..<3 {
                shared.append(try await client.shareLink("https://example.com/missed/\(index)", token: token).item.id)
            }

            // When a client reads the log from the start
            let fromStart = try await SSEClient.withStream(port: port, token: token, lastEventID: "0") { reader in
                [try await reader.nextEvent(), try await reader.nextEvent(), try await reader.nextEvent()]
            }
            let logged = try fromStart.map { try Self.itemEvent($0) }
            #expect(logged.map(\.itemId) == shared)
            #expect(logged.map(\.seq) == logged.map(\.seq).sorted())

            // And another resumes after the first event, then stays for a live one
            let firstID = try #require(fromStart[0].id)
            let (backlog, live, next) = try await SSEClient.withStream(port: port, token: token, lastEventID: firstID) { reader in
                let backlog = [try await reader.nextEvent(), try await reader.nextEvent()]
                let live = try await client.shareLink("https://example.com/now", token: token)
                return (backlog, live, try await reader.nextEvent())
            }

            // Then the missed events come first, in order, then the live one
            #expect(try backlog.map { try Self.itemEvent($0).itemId } == Array(shared.dropFirst()))
            let liveEvent = try Self.itemEvent(next)
            #expect(liveEvent.itemId == live.item.id)
            #expect(liveEvent.seq > logged[2].seq)
        }
    }

    @Test func resumingFromBeforeThePrunedHorizonGetsAResetThenLiveEvents() async throws {
        try await TestServer.run(.live) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let port = try #require(client.port)
            // Given three shares, and a month later a pruning that leaves only the newest event
            var shared: [UUID] = []
            for index in 0..<3 {
                shared.append(try await client.shareLink("https://example.com/old/\(index)", token: token).item.id)
            }
            let pruned = try await server.withStore { store in
                try await store.prune(RetentionPolicy(events: 30 * 86_400), now: Date() + 31 * 86_400)
            }
            #expect(pruned.events >= 2)

            // When a client resumes from before the horizon, it is told to reload, then stays live
            let (reset, live, next) = try await SSEClient.withStream(port: port, token: token, lastEventID: "0") { reader in
                let reset = try await reader.nextEvent()
                let live = try await client.shareLink("https://example.com/new", token: token)
                return (reset, live, try await reader.nextEvent())
            }
            #expect(reset.event == "reset")
            let resumeAt = try #require(reset.id.flatMap { Int64($0) })
            let liveEvent = try Self.itemEvent(next)
            #expect(liveEvent.itemId == live.item.id)
            #expect(liveEvent.seq > resumeAt)

            // And a client resuming at the horizon or after gets the kept event, no reset
            let kept = try await SSEClient.withStream(port: port, token: token, lastEventID: String(resumeAt - 1)) { reader in
                try await reader.nextEvent()
            }
            #expect(kept.event == "item.created")
            #expect(try Self.itemEvent(kept).itemId == shared[2])
        }
    }

    @Test func lastEventIDMayComeAsAQueryParameter() async throws {
        try await TestServer.run(.live) { server, client in
            defer { server.gate.close() }
            let token = try await client.signIn("alice")
            let port = try #require(client.port)
            let first = try await client.shareLink("https://example.com/q/1", token: token).item
            let second = try await client.shareLink("https://example.com/q/2", token: token).item

            let replayed = try await SSEClient.withStream(port: port, path: "/v1/events?lastEventId=0", token: token) { reader in
                [try await reader.nextEvent(), try await reader.nextEvent()]
            }

            #expect(try replayed.map { try Self.itemEvent($0).itemId } == [first.id, second.id])
        }
    }

    @Test func anotherUsersShareDoesNotArrive() async throws {
        try await TestServer.run(.live, users: ["alice", "bob"]) { server, client in
            defer { server.gate.close() }
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let port = try #require(client.port)

            let (event, alicesItem) = try await SSEClient.withStream(port: port, token: alice) { reader in
                // Bob's share commits first; events arrive in commit order, so had it been sent to
                // Alice it would come before her own.
                try await client.shareLink("https://example.com/bobs", token: bob)
                let mine = try await client.shareLink("https://example.com/alices", token: alice)
                return (try await reader.nextEvent(), mine.item)
            }

            #expect(try Self.itemEvent(event).itemId == alicesItem.id)
        }
    }

    @Test func closingTheGateEndsTheStream() async throws {
        try await TestServer.run(.live) { server, client in
            let token = try await client.signIn("alice")
            let port = try #require(client.port)

            let rest = try await SSEClient.withStream(port: port, token: token) { reader in
                server.gate.close()
                return try await reader.readToEnd()
            }

            #expect(rest.isEmpty)
        }
    }

    @Test func badLastEventIDIs400() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            for bad in ["abc", "-1", "1.5"] {
                let response = try await client.execute(
                    uri: "/v1/events", method: .get,
                    headers: [.authorization: "Bearer \(token)", HTTPField.Name("Last-Event-ID")!: bad]
                )
                try expectError(response, .badRequest, .invalidField, field: "Last-Event-ID")
            }
        }
    }

    @Test func eventsNeedAToken() async throws {
        try await TestServer.run { _, client in
            try expectError(try await client.send(.get, "/v1/events"), .unauthorized, .unauthorized)
        }
    }
}
