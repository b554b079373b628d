import Foundation
import ShareKit
import Testing
import WallCore

@MainActor
@Suite struct WallFeedTests {
    nonisolated static let inbox = Wall(id: UUID(), slug: "inbox", name: "Inbox", isDefault: true, position: 0, itemCount: 2, createdAt: Date(timeIntervalSince1970: 0))

    static func item(_ text: String, wall: UUID = inbox.id) -> Item {
        Item(id: UUID.timeOrdered(), kind: .text, text: text, wallId: wall, source: .cli, createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
    }

    /// A server with two pages of items, the inbox and no smart walls.
    static func transport(_ pages: [ItemPage], failing: Bool = false) -> CannedTransport {
        CannedTransport { request, _ in
            if failing { throw URLError(.notConnectedToInternet) }
            switch request.url.path {
            case "/v1/walls": return CannedTransport.json(200, WallList(walls: [inbox]))
            case "/v1/searches": return CannedTransport.json(200, SavedSearchList(searches: []))
            case "/v1/items":
                let cursor = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "cursor" }?.value
                return CannedTransport.json(200, cursor == nil ? pages[0] : pages[1])
            default: return CannedTransport.error(404, .notFound, "No such item.")
            }
        }
    }

    func feed(_ transport: CannedTransport) -> WallFeed {
        WallFeed(client: WallAPIClient(server: URL(string: "https://wall.example.com")!, token: "t", transport: transport), pageSize: 2)
    }

    @Test func refreshLoadsWallsAndTheNewestPageThenMore() async {
        let (a, b, c) = (Self.item("a"), Self.item("b"), Self.item("c"))
        let transport = Self.transport([ItemPage(items: [c, b], nextCursor: "next"), ItemPage(items: [b, a], nextCursor: nil)])
        let feed = feed(transport)
        await feed.refresh()
        #expect(feed.walls == [Self.inbox])
        #expect(feed.items.map(\.text) == ["c", "b"] && feed.hasMore)
        await feed.loadMore()
        #expect(feed.items.map(\.text) == ["c", "b", "a"], "an item seen on both pages is listed once")
        #expect(!feed.hasMore)
        #expect(transport.requests.last?.url.query?.contains("cursor=next") == true)
        #expect(transport.requests.last?.url.query?.contains("limit=2") == true)
    }

    @Test func aFailedRefreshKeepsWhatWasShownAndSaysWhy() async {
        let feed = feed(Self.transport([], failing: true))
        await feed.refresh()
        #expect(feed.items.isEmpty)
        guard case .offline? = feed.loadError else { Issue.record("\(String(describing: feed.loadError))"); return }
        #expect(!feed.isLoading)
    }

    @Test func liveEventsAddReplaceAndRemoveItems() async {
        let old = Self.item("old")
        let feed = feed(Self.transport([ItemPage(items: [old], nextCursor: nil)]))
        await feed.refresh()
        let new = Self.item("new")
        feed.apply(ItemEvent(seq: 1, type: .created, itemId: new.id, item: new))
        #expect(feed.items.map(\.text) == ["new", "old"])
        var edited = old
        edited.userNote = "a note"
        feed.apply(ItemEvent(seq: 2, type: .updated, itemId: old.id, item: edited))
        #expect(feed.items.map(\.userNote) == [nil, "a note"], "an update replaces the item where it is")
        feed.apply(ItemEvent(seq: 3, type: .created, itemId: new.id, item: new))
        #expect(feed.items.count == 2, "an event seen twice (a resumed stream) changes nothing")
        feed.apply(ItemEvent(seq: 4, type: .deleted, itemId: new.id, item: nil))
        #expect(feed.items.map(\.text) == ["old"])
        feed.apply(ItemEvent(seq: 5, type: .updated, itemId: UUID(), item: nil))
        #expect(feed.items.map(\.text) == ["old"])
    }

    @Test func onOneWallItemsMovedAwayLeaveAndOthersWallsAreIgnored() async {
        let here = Self.item("here")
        let feed = feed(Self.transport([ItemPage(items: [here], nextCursor: nil)]))
        await feed.show(wall: Self.inbox.id)
        let elsewhere = Self.item("elsewhere", wall: UUID())
        feed.apply(ItemEvent(seq: 1, type: .created, itemId: elsewhere.id, item: elsewhere))
        #expect(feed.items.map(\.text) == ["here"])
        var moved = here
        moved.wallId = UUID()
        feed.apply(ItemEvent(seq: 2, type: .updated, itemId: here.id, item: moved))
        #expect(feed.items.isEmpty)
    }

    @Test func theLiveStateFollowsTheConnectionAndAFreshConnectionReloads() async {
        let a = Self.item("a")
        let transport = Self.transport([ItemPage(items: [a], nextCursor: nil)])
        let feed = feed(transport)
        #expect(feed.live == .idle)
        await feed.handle(.connected(resumed: false))
        #expect(feed.live == .live && feed.items.map(\.text) == ["a"], "not resumed: reload so nothing is missed")
        let before = transport.requests.count
        await feed.handle(.disconnected(.timedOut, retryIn: .seconds(2)))
        #expect(feed.live == .reconnecting(.timedOut))
        await feed.handle(.connected(resumed: true))
        #expect(transport.requests.count == before, "resumed: the server replays what was missed")
        feed.liveEnded(.unauthorized("Revoked."), token: "t")
        #expect(feed.live == .signedOut)
        #expect(feed.refusal == TokenRefusal(.unauthorized("Revoked."), token: "t"), "the app signs out that token's account with the reason")
    }

    @Test func followingAgainResumesAfterTheLastEventInsteadOfReloading() async {
        let transport = Self.transport([ItemPage(items: [], nextCursor: nil)])
        let feed = feed(transport)
        func follow(_ stream: ScriptedStream) async {
            let live = LiveEvents(server: URL(string: "https://wall.example.com")!, token: "t", transport: stream, clock: TestClock())
            // A task of its own, as the wall's `.task` is: the script's end cancels it, not the test.
            await Task { await feed.follow(live) }.value
        }
        let first = ScriptedStream([.stream(status: 200, chunks: [LiveEventsTests.frame(41, .created, item: Self.item("new"))])])
        await follow(first)
        #expect(first.requests.first?.headers["Last-Event-ID"] == nil)
        #expect(feed.lastEventID == 41 && feed.items.map(\.text) == ["new"])
        let loads = transport.requests.count

        // Back from an item: the wall's task starts again.
        let second = ScriptedStream([.stream(status: 200, chunks: [": connected\n\n"])])
        await follow(second)
        #expect(second.requests.first?.headers["Last-Event-ID"] == "41", "resumes after the last event seen")
        #expect(transport.requests.count == loads, "and so reloads nothing")
        #expect(feed.items.map(\.text) == ["new"])
    }

    @Test func aRefusedTokenWhileLoadingIsARefusalOtherFailuresAreNot() async {
        let offline = feed(Self.transport([], failing: true))
        await offline.refresh()
        offline.liveEnded(.timedOut, token: "t")
        #expect(offline.refusal == nil)
        let revoked = feed(CannedTransport { _, _ in CannedTransport.error(401, .unauthorized, "Token revoked.") })
        await revoked.refresh()
        #expect(revoked.refusal == TokenRefusal(.unauthorized("Token revoked."), token: "t"), "names the token the feed loaded with")
    }

    @Test func aResetReloadsTheList() async {
        let a = Self.item("a"), b = Self.item("b")
        let reads = Locked(0)
        let transport = CannedTransport { request, _ in
            if request.url.path == "/v1/walls" { return CannedTransport.json(200, WallList(walls: [Self.inbox])) }
            guard request.url.path == "/v1/items" else { return CannedTransport.json(200, SavedSearchList(searches: [])) }
            let first = reads.withLock { count -> Bool in
                count += 1
                return count == 1
            }
            return CannedTransport.json(200, ItemPage(items: first ? [a] : [b, a], nextCursor: nil))
        }
        let feed = feed(transport)
        await feed.refresh()
        #expect(feed.items.map(\.text) == ["a"])
        await feed.handle(.reset(lastEventID: 900))
        #expect(feed.items.map(\.text) == ["b", "a"], "what changed while the server's log was pruned is read afresh")
        #expect(feed.lastEventID == 900, "the next connection resumes where the server's log now starts, not before it")
    }

    @Test func anItemIsFoundInTheListOrFetched() async throws {
        let shown = Self.item("shown")
        let transport = Self.transport([ItemPage(items: [shown], nextCursor: nil)])
        let feed = feed(transport)
        await feed.refresh()
        #expect(try await feed.item(id: shown.id) == shown)
        let missing = UUID()
        await #expect(throws: ShareError.notFound(field: nil, message: "No such item.")) { try await feed.item(id: missing) }
        #expect(transport.requests.last?.url.path == "/v1/items/\(missing.uuidString)")
    }
}
