import Foundation
import Testing
import WallCore
import WallStore

// MARK: Shares

/// A validated link share.
func linkShare(
    _ url: String, id: UUID = UUID(), title: String? = nil, note: String? = nil, wall: String? = nil,
    tags: [String]? = nil, sharedAt: Date? = nil, source: ShareSource = .cli
) throws -> ValidShare {
    try ShareRequest(
        id: id, contentType: .url, url: url, title: title, userNote: note, wall: wall, tags: tags,
        timestamp: sharedAt, source: source
    ).validated()
}

/// A validated text share.
func textShare(
    _ text: String, id: UUID = UUID(), url: String? = nil, title: String? = nil, note: String? = nil,
    wall: String? = nil, tags: [String]? = nil
) throws -> ValidShare {
    try ShareRequest(
        id: id, contentType: .text, url: url, text: text, title: title, userNote: note, wall: wall, tags: tags,
        source: .web
    ).validated()
}

/// A validated image share (its file is stored elsewhere; the store only keeps the item).
func imageShare(id: UUID = UUID(), title: String? = nil, wall: String? = nil) throws -> ValidShare {
    try ShareRequest(id: id, contentType: .image, title: title, wall: wall, source: .iosShareExtension)
        .validated(attachmentCount: 1)
}

// MARK: Store helpers

extension WallStore {
    /// A new user with a fake password hash (stores never check hashes).
    func newUser(_ username: String = "user-\(UUID().uuidString.prefix(8).lowercased())") async throws -> User {
        try await createUser(username: username, passwordHash: "$2b$12$not.a.real.bcrypt.hash.for.tests")
    }

    /// Saves a share for `user`.
    @discardableResult
    func save(_ share: ValidShare, for user: User) async throws -> ShareOutcome {
        try await saveShare(share, userID: user.id)
    }

    /// Makes a wall named `name` for `user`.
    @discardableResult
    func newWall(_ name: String, slug: String? = nil, for user: User) async throws -> Wall {
        try await createWall(WallCreateRequest(name: name, slug: slug).validated(), userID: user.id)
    }

    /// Makes a wall named `name` for `owner` with `member` added as a contributor: a shared wall,
    /// whose events go to its member too.
    @discardableResult
    func newSharedWall(_ name: String, slug: String, for owner: User, member: User) async throws -> Wall {
        let wall = try await newWall(name, slug: slug, for: owner)
        _ = try await setMember(wallID: wall.id, username: member.username, role: .contributor, userID: owner.id)
        return wall
    }

    /// Applies a patch to an item of `user`.
    @discardableResult
    func update(_ id: UUID, _ patch: ItemPatch, for user: User) async throws -> Item {
        try await updateItem(id: id, userID: user.id, patch: patch.validated())
    }

    /// Every item matching `query`, following cursors page by page, newest first.
    func allItems(_ query: ItemQuery = ItemQuery(limit: Limits.maxPageSize), for user: User) async throws -> [Item] {
        var query = query
        var collected: [Item] = []
        while true {
            let page = try await items(matching: query, userID: user.id)
            collected += page.items
            guard let next = page.nextCursor else { return collected }
            query.cursor = try ItemCursor(encoded: next)
        }
    }

    /// The ids of every item matching `query`, newest first.
    func itemIDs(_ query: ItemQuery = ItemQuery(limit: Limits.maxPageSize), for user: User) async throws -> [UUID] {
        try await allItems(query, for: user).map(\.id)
    }

    /// The ids of the items a search (words, phrases, operators) finds.
    func search(_ text: String, for user: User) async throws -> Set<UUID> {
        let query = try SearchExpression(parsing: text)
        return Set(try await itemIDs(ItemQuery(search: query, limit: Limits.maxPageSize), for: user))
    }

    /// Every event of `user` in the log.
    func allEvents(after seq: Int64 = 0, for user: User) async throws -> [ItemEvent] {
        try await events(after: seq, userID: user.id, limit: 10_000)
    }

    /// The latest event sequence number of `user`, 0 when there is none.
    func lastSeq(for user: User) async throws -> Int64 {
        try await allEvents(for: user).last?.seq ?? 0
    }

    /// The user's wall with this slug.
    func wall(slug: String, of user: User) async throws -> Wall {
        try #require(try await wall(ref: slug, userID: user.id))
    }
}

// MARK: Errors

/// Whether `body` was refused with `StoreError.forbidden` (a role that doesn't allow it).
func isForbidden(_ body: () async throws -> Void) async -> Bool {
    do {
        try await body()
        return false
    } catch let error as StoreError {
        if case .forbidden = error { return true }
        return false
    } catch {
        return false
    }
}

extension StoreError {
    /// Whether this is a `.conflict`, whatever its message.
    var isConflict: Bool {
        if case .conflict = self { return true }
        return false
    }
}
