import Foundation
import Observation
import WallCore

/// The app's wall, for a SwiftUI grid to bind to: the walls and smart walls, the items of the one
/// shown newest first (a page at a time), live changes applied as they arrive, and what to say
/// when loading fails.
@MainActor
@Observable
public final class WallFeed {
    /// The caller's walls, in switcher order.
    public private(set) var walls: [Wall] = []
    /// The caller's smart walls (saved searches), by name; read-only here.
    public private(set) var smartWalls: [SavedSearch] = []
    /// What is shown: every wall, one wall or one smart wall.
    public private(set) var selection: WallSelection = .allWalls
    /// The wall shown, when one real wall is; `nil` for every wall or a smart wall.
    public var wallID: UUID? { selection.wallID }
    /// The title for what is shown: "All walls", or the wall's or smart wall's name.
    public var title: String { selection.title(walls: walls, smartWalls: smartWalls) }
    /// The items loaded so far, newest first.
    public private(set) var items: [Item] = []
    /// Whether there are older items to load.
    public private(set) var hasMore = false
    /// Whether a load is running.
    public private(set) var isLoading = false
    /// Why the last load failed; `nil` after one succeeds.
    public private(set) var loadError: ShareError?
    /// The live connection's state.
    public private(set) var live: LiveState = .idle
    /// The server refused the token (loading or the live connection got a 401): the app signs
    /// out that token's account with the reason instead of showing a wall that can't load.
    public private(set) var refusal: TokenRefusal?
    /// The last live event applied: the next connection resumes after it (`follow`), so
    /// returning to the wall replays what changed instead of reloading the first page.
    public private(set) var lastEventID: Int64?

    /// The live connection's state, for a small indicator.
    public enum LiveState: Sendable, Equatable {
        /// Not started.
        case idle
        /// Receiving changes.
        case live
        /// Lost; trying again.
        case reconnecting(ShareError)
        /// The server refused the token: sign in again.
        case signedOut
    }

    @ObservationIgnored private let client: WallAPIClient
    @ObservationIgnored private let pageSize: Int
    @ObservationIgnored private var cursor: String?

    /// Makes a feed over `client`, loading `pageSize` items at a time.
    public init(client: WallAPIClient, pageSize: Int = 60) {
        self.client = client
        self.pageSize = pageSize
    }

    // MARK: Loading

    /// Loads the walls, the smart walls and the newest page again (pull to refresh); a smart wall
    /// shown that is gone (deleted elsewhere) gives way to every wall.
    public func refresh() async {
        isLoading = true
        defer { isLoading = false }
        do throws(ShareError) {
            let walls = try await client.walls()
            let smartWalls = try await loadSmartWalls()
            var shown = selection
            if let id = shown.smartWallID, !smartWalls.contains(where: { $0.id == id }) { shown = .allWalls }
            let page = try await client.items(shown.filter(cursor: nil, limit: pageSize))
            self.walls = walls
            self.smartWalls = smartWalls
            selection = shown
            items = page.items
            cursor = page.nextCursor
            hasMore = page.nextCursor != nil
            loadError = nil
        } catch {
            loadError = error
            refusal = refusal ?? TokenRefusal(error, token: client.token)
        }
    }

    /// Loads the next older page, if there is one.
    public func loadMore() async {
        guard hasMore, !isLoading, let cursor else { return }
        isLoading = true
        defer { isLoading = false }
        do throws(ShareError) {
            let page = try await client.items(selection.filter(cursor: cursor, limit: pageSize))
            let known = Set(items.map(\.id))
            items += page.items.filter { !known.contains($0.id) }
            self.cursor = page.nextCursor
            hasMore = page.nextCursor != nil
            loadError = nil
        } catch {
            loadError = error
            refusal = refusal ?? TokenRefusal(error, token: client.token)
        }
    }

    /// Shows one wall (or every wall) and loads it.
    public func show(wall: UUID?) async {
        await show(wall.map(WallSelection.wall) ?? .allWalls)
    }

    /// Shows every wall, one wall or one smart wall, and loads it.
    public func show(_ selection: WallSelection) async {
        self.selection = selection
        await refresh()
    }

    /// An item, from the list when it is loaded, else from the server (`GET /v1/items/{id}`).
    public func item(id: UUID) async throws(ShareError) -> Item {
        if let item = items.first(where: { $0.id == id }) { return item }
        return try await client.item(id: id)
    }

    /// The smart walls; none from a server older than them, which answers 404.
    private func loadSmartWalls() async throws(ShareError) -> [SavedSearch] {
        do throws(ShareError) {
            return try await client.savedSearches()
        } catch {
            if case .notFound = error { return [] }
            throw error
        }
    }

    // MARK: Live changes

    /// Applies what the live connection reports; reloads when it reconnected without resuming or
    /// the server said what was missed is gone (`reset`).
    public func handle(_ update: LiveUpdate) async {
        switch update {
        case .connected(let resumed):
            live = .live
            if !resumed { await refresh() }
        case .event(let event):
            apply(event)
            lastEventID = event.seq
        case .reset(let resumeAfter):
            lastEventID = resumeAfter
            await refresh()
        case .disconnected(let error, _):
            live = .reconnecting(error)
        }
    }

    /// Keeps the wall live over `live` until cancelled, resuming after `lastEventID` (the last
    /// event of an earlier connection, if any), and says when the server refused the token.
    public func follow<C: Clock>(_ live: LiveEvents<C>) async where C.Duration == Duration {
        do throws(ShareError) {
            try await live.run(after: lastEventID) { update in await self.handle(update) }
        } catch {
            liveEnded(error, token: live.token)
        }
    }

    /// Marks the live connection as ended: refused (the token `token` was revoked) or lost.
    public func liveEnded(_ error: ShareError, token: String?) {
        if let refused = TokenRefusal(error, token: token) {
            live = .signedOut
            refusal = refused
        } else {
            live = .reconnecting(error)
        }
    }

    /// Applies one change: a new item goes on top, a changed one is replaced where it is (or
    /// leaves when it moved to another wall), a deleted one goes. On a smart wall, where only
    /// the server knows what matches, a listed item is replaced or goes and a new one waits for
    /// the next refresh.
    public func apply(_ event: ItemEvent) {
        let index = items.firstIndex { $0.id == event.itemId }
        guard event.type != .deleted, let item = event.item else {
            if let index { items.remove(at: index) }
            return
        }
        switch (index, selection.holds(item)) {
        case (let index?, true) where event.type == .updated: items[index] = item
        case (let index?, true):
            items.remove(at: index)
            items.insert(item, at: 0)
        case (let index?, false): items.remove(at: index)
        case (nil, true): items.insert(item, at: 0)
        case (nil, false): break
        case (let index?, nil) where event.type == .updated: items[index] = item
        case (_, nil): break
        }
    }
}
