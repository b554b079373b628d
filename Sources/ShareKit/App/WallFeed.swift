import Foundation
import Observation
import WallCore

/// The app's wall, for a SwiftUI grid to bind to: the walls, the items newest first (a page at a
/// time), live changes applied as they arrive, and what to say when loading fails.
@MainActor
@Observable
public final class WallFeed {
    /// The caller's walls, in switcher order.
    public private(set) var walls: [Wall] = []
    /// The wall shown; every wall when `nil`.
    public private(set) var wallID: UUID?
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

    /// Loads the walls and the newest page again (pull to refresh).
    public func refresh() async {
        isLoading = true
        defer { isLoading = false }
        do throws(ShareError) {
            let walls = try await client.walls()
            let page = try await client.items(filter(cursor: nil))
            self.walls = walls
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
            let page = try await client.items(filter(cursor: cursor))
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
        wallID = wall
        await refresh()
    }

    /// An item, from the list when it is loaded, else from the server (`GET /v1/items/{id}`).
    public func item(id: UUID) async throws(ShareError) -> Item {
        if let item = items.first(where: { $0.id == id }) { return item }
        return try await client.item(id: id)
    }

    private func filter(cursor: String?) -> ItemFilter {
        ItemFilter(wall: wallID?.uuidString, cursor: cursor, limit: pageSize)
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
    /// leaves when it moved to another wall), a deleted one goes.
    public func apply(_ event: ItemEvent) {
        let index = items.firstIndex { $0.id == event.itemId }
        guard event.type != .deleted, let item = event.item else {
            if let index { items.remove(at: index) }
            return
        }
        let belongs = wallID.map { $0 == item.wallId } ?? true
        switch (index, belongs) {
        case (let index?, true) where event.type == .updated: items[index] = item
        case (let index?, true):
            items.remove(at: index)
            items.insert(item, at: 0)
        case (let index?, false): items.remove(at: index)
        case (nil, true): items.insert(item, at: 0)
        case (nil, false): break
        }
    }
}
