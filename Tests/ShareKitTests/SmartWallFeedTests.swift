import Foundation
import ShareKit
import Testing
import WallCore

/// The feed showing a smart wall (a saved search's matches) beside the walls.
@MainActor
@Suite struct SmartWallFeedTests {
    nonisolated static let taxes = SavedSearch(
        id: UUID(), name: "Tax PDFs", query: "tag:tax kind:pdf", slug: "tax-pdfs",
        createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0)
    )

    /// A server with the inbox, `searches` as the smart walls (or `searchesAnswer` instead) and
    /// `pages` of items for any filter.
    static func transport(
        searches: @escaping @Sendable () -> [SavedSearch] = { [taxes] }, searchesAnswer: HTTPResponseMessage? = nil, pages: [ItemPage]
    ) -> CannedTransport {
        CannedTransport { request, _ in
            switch request.url.path {
            case "/v1/walls": return CannedTransport.json(200, WallList(walls: [WallFeedTests.inbox]))
            case "/v1/searches": return searchesAnswer ?? CannedTransport.json(200, SavedSearchList(searches: searches()))
            case "/v1/items":
                let cursor = query(request, "cursor")
                return CannedTransport.json(200, cursor == nil ? pages[0] : pages[1])
            default: return CannedTransport.error(404, .notFound, "No such thing.")
            }
        }
    }

    nonisolated static func query(_ request: HTTPRequestMessage, _ name: String) -> String? {
        URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    func feed(_ transport: CannedTransport) -> WallFeed {
        WallFeed(client: WallAPIClient(server: URL(string: "https://wall.example.com")!, token: "t", transport: transport), pageSize: 2)
    }

    @Test func aSmartWallIsListedBesideTheWallsAndShowsWhatItsSearchMatches() async {
        let (a, b) = (WallFeedTests.item("a"), WallFeedTests.item("b"))
        let transport = Self.transport(pages: [ItemPage(items: [b], nextCursor: "next"), ItemPage(items: [a], nextCursor: nil)])
        let feed = feed(transport)
        await feed.refresh()
        #expect(feed.walls == [WallFeedTests.inbox] && feed.smartWalls == [Self.taxes])
        #expect(feed.title == "All walls")

        await feed.show(.smartWall(Self.taxes.id))
        #expect(feed.selection == .smartWall(Self.taxes.id) && feed.wallID == nil, "a smart wall is not a wall to share to")
        #expect(feed.title == "Tax PDFs")
        #expect(feed.items.map(\.text) == ["b"])
        let first = transport.requests.last { $0.url.path == "/v1/items" }
        #expect(first.flatMap { Self.query($0, "search") } == Self.taxes.id.uuidString)
        #expect(first.flatMap { Self.query($0, "wall") } == nil)
        await feed.loadMore()
        #expect(feed.items.map(\.text) == ["b", "a"])
        #expect(transport.requests.last.flatMap { Self.query($0, "search") } == Self.taxes.id.uuidString, "older pages of the same search")

        await feed.show(.wall(WallFeedTests.inbox.id))
        #expect(feed.title == "Inbox" && feed.wallID == WallFeedTests.inbox.id)
        #expect(transport.requests.last.flatMap { Self.query($0, "search") } == nil)
        #expect(transport.requests.last.flatMap { Self.query($0, "wall") } == WallFeedTests.inbox.id.uuidString)
    }

    @Test func aSmartWallDeletedElsewhereGivesWayToEveryWall() async {
        let listed = Locked([Self.taxes])
        let transport = Self.transport(searches: { listed.withLock { $0 } }, pages: [ItemPage(items: [], nextCursor: nil)])
        let feed = feed(transport)
        await feed.show(.smartWall(Self.taxes.id))
        #expect(feed.selection == .smartWall(Self.taxes.id))
        listed.withLock { $0 = [] }
        await feed.refresh()
        #expect(feed.selection == .allWalls && feed.title == "All walls" && feed.smartWalls.isEmpty)
        #expect(transport.requests.last.flatMap { Self.query($0, "search") } == nil, "every wall is loaded, not a search the server no longer has")
        #expect(feed.loadError == nil)
    }

    @Test func aServerWithoutSmartWallsStillShowsTheWallsButOtherFailuresFailTheLoad() async {
        let older = feed(Self.transport(searchesAnswer: CannedTransport.error(404, .notFound, "No such route."), pages: [ItemPage(items: [WallFeedTests.item("a")], nextCursor: nil)]))
        await older.refresh()
        #expect(older.loadError == nil && older.smartWalls.isEmpty && older.items.map(\.text) == ["a"])

        let refused = feed(Self.transport(searchesAnswer: CannedTransport.error(401, .unauthorized, "Token revoked."), pages: []))
        await refused.refresh()
        #expect(refused.loadError == .unauthorized("Token revoked."))
        #expect(refused.refusal == TokenRefusal(.unauthorized("Token revoked."), token: "t"))

        let busy = feed(Self.transport(searchesAnswer: CannedTransport.error(503, .unavailable, "Busy."), pages: []))
        await busy.refresh()
        #expect(busy.loadError != nil && busy.walls.isEmpty, "a half-loaded switcher is not shown")
    }

    @Test func onASmartWallListedItemsChangeInPlaceAndNewOnesWaitForTheServer() async {
        let match = WallFeedTests.item("match")
        let feed = feed(Self.transport(pages: [ItemPage(items: [match], nextCursor: nil)]))
        await feed.show(.smartWall(Self.taxes.id))
        let new = WallFeedTests.item("new")
        feed.apply(ItemEvent(seq: 1, type: .created, itemId: new.id, item: new))
        #expect(feed.items.map(\.text) == ["match"], "only the server knows whether a new item matches")
        var moved = match
        moved.wallId = UUID()
        moved.userNote = "a note"
        feed.apply(ItemEvent(seq: 2, type: .updated, itemId: match.id, item: moved))
        #expect(feed.items.map(\.userNote) == ["a note"], "on another wall, it may still match: replaced where it is")
        feed.apply(ItemEvent(seq: 3, type: .deleted, itemId: match.id, item: nil))
        #expect(feed.items.isEmpty)
    }
}
