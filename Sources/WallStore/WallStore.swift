import Foundation
import WallCore

/// Everything Digital Wall keeps, behind one protocol so SQLite and PostgreSQL can stand in for
/// each other and run one conformance suite.
///
/// Every write is one transaction; a method returns only after it committed. Methods taking a
/// `userID` act as that person: they see their own walls and the walls shared with them (with
/// what the role there allows, `WallAccess`); anything else is simply absent.
public protocol WallStore: Sendable {
    // MARK: Accounts

    /// Makes a user and their default wall; throws `StoreError.usernameTaken`.
    func createUser(username: String, passwordHash: String) async throws -> User
    /// The user with this name (case-insensitive) and their password hash, if any.
    func credentials(username: String) async throws -> UserCredentials?
    /// The user with this id.
    func user(id: UUID) async throws -> User?
    /// How many users exist.
    func userCount() async throws -> Int
    /// Replaces a user's password hash; false when there is no such user.
    func setPasswordHash(_ passwordHash: String, userID: UUID) async throws -> Bool

    // MARK: Tokens

    /// Stores a new token by the SHA-256 of its secret.
    func createToken(userID: UUID, label: String, tokenHash: String) async throws -> TokenInfo
    /// A user's tokens, newest first.
    func tokens(userID: UUID) async throws -> [TokenInfo]
    /// Deletes a token; false when the user has no such token.
    func revokeToken(id: UUID, userID: UUID) async throws -> Bool
    /// Whose token has this hash, if anyone's.
    func tokenOwner(tokenHash: String) async throws -> TokenOwner?
    /// Records when tokens were last used (written in batches, not per request).
    func recordTokenUse(_ lastUsed: [UUID: Date]) async throws

    // MARK: Web sessions

    /// Stores a new browser session by the SHA-256 of its secret, valid until `expiresAt`.
    func createSession(
        userID: UUID, secretHash: String, userAgent: String?, expiresAt: Date
    ) async throws -> WebSession
    /// The session with this secret hash, unless it has expired by `now`.
    func session(secretHash: String, now: Date) async throws -> WebSession?
    /// Ends one session (sign-out); false when the user has no such session.
    func deleteSession(id: UUID, userID: UUID) async throws -> Bool
    /// Ends every session of a user except `keeping` (after a password change); returns how many.
    func deleteSessions(userID: UUID, keeping: UUID?) async throws -> Int
    /// Records when sessions were last seen and moves their expiry to `lifetime` after that
    /// (never earlier than it was); written in batches, not per request.
    func recordSessionUse(_ lastSeen: [UUID: Date], lifetime: TimeInterval) async throws
    /// Deletes the sessions that expired before `date`; returns how many.
    func deleteExpiredSessions(before date: Date) async throws -> Int

    // MARK: Shares and items

    /// Stores a share: a new item, a replay of the same share id, or a known link moved to the top.
    ///
    /// Throws `StoreError.conflict` when the id was used with other content,
    /// `.shareDeleted` when its item has since been deleted, `.notFound` for an unknown wall.
    func saveShare(_ share: ValidShare, userID: UUID) async throws -> ShareOutcome
    /// One item.
    func item(id: UUID, userID: UUID) async throws -> Item?
    /// Whose item this is (the owner of its wall, under whom its jobs run), when the person may
    /// change it; nil when they can't see it; throws `.forbidden` when they see it but their role
    /// doesn't let them change it (`WallAccess.requireChange`).
    func ownerOfChangeableItem(id: UUID, userID: UUID) async throws -> UUID?
    /// The user's items holding this canonical link (one per wall at most), newest first: what
    /// the browser extension asks to show that a page is on the wall.
    func items(canonicalURL: String, userID: UUID) async throws -> [Item]
    /// A page of items, newest first.
    func items(matching query: ItemQuery, userID: UUID) async throws -> ItemPage
    /// The tags on the person's own items, most used first (ties by name), at most `limit`.
    func tagCounts(userID: UUID, limit: Int) async throws -> [TagCount]

    // MARK: Saved searches (smart walls)

    /// Saves a search under a slug made from its name, free among the person's saved searches;
    /// `tooManySavedSearches` past `Limits.maxSavedSearchesPerUser`.
    func createSavedSearch(_ change: ValidSavedSearchChange, userID: UUID) async throws -> SavedSearch
    /// The person's saved searches, by name.
    func savedSearches(userID: UUID) async throws -> [SavedSearch]
    /// The saved search `ref` names (its id or slug), if it is the person's.
    func savedSearch(ref: String, userID: UUID) async throws -> SavedSearch?
    /// Changes a saved search's name or query (its slug stays); `notFound` when not the person's.
    func updateSavedSearch(id: UUID, change: ValidSavedSearchChange, userID: UUID) async throws -> SavedSearch
    /// Deletes a saved search; false when the person had none by that id.
    func deleteSavedSearch(id: UUID, userID: UUID) async throws -> Bool
    /// Edits an item; throws `.notFound`, or `.conflict` when moving a link onto a wall that has it.
    func updateItem(id: UUID, userID: UUID, patch: ValidItemPatch) async throws -> Item
    /// Deletes an item; false when there is no such item.
    func deleteItem(id: UUID, userID: UUID) async throws -> Bool

    // MARK: Import

    /// Stores a batch of imported entries in one transaction, in order (later entries sit higher
    /// on the wall). New items keep the entries' dates and take the entry id as their id when it
    /// is free. An entry id imported before, or a link already on its wall (the share rule),
    /// changes nothing and is a duplicate; an unknown wall skips the entry.
    ///
    /// No events are written or announced for imported items: an import of 10,000 bookmarks
    /// would overflow every open stream's buffer and make each live wall fetch 10,000 cards.
    /// Walls show them when next loaded. With `enrich`, new items get the follow-up jobs the
    /// store's `FollowUpPolicy` names (a link's preview), at `.bulk` priority and in the same
    /// transaction, and start `pending`; without it they get none and are `ready`.
    func importItems(_ entries: [ValidImport], userID: UUID, enrich: Bool) async throws -> [ImportOutcome]

    // MARK: Files

    /// Stores a multipart share in one transaction: one new item per file with the jobs
    /// `followUps` names for it, or a replay of the items an earlier upload of the same share id
    /// made; any refusal stores none of them.
    func saveFileShare(_ share: ValidFileShare, userID: UUID, followUps: FollowUpPolicy) async throws -> [ShareOutcome]
    /// Records what processing made of an item's file and its text for search, and its state;
    /// nil when the item is gone.
    func updateItemFile(id: UUID, userID: UUID, file: ItemFile, text: String?, state: ItemState) async throws -> Item?
    /// Every blob hash an item refers to (originals, renditions, preview pictures) and every page
    /// snapshot an `enrich` job still waits to read, for the blob sweeper.
    func referencedBlobHashes() async throws -> Set<String>

    // MARK: Enrichment

    /// Records what enrichment found for a link item, or why it failed: its state and preview
    /// (whose readable text is kept for search and `readableText`), announced as `updated`. A
    /// `pending` state (a refresh) changes only the state. A preview asked for before the one
    /// the item shows (`requestedAt`) writes nothing and answers the item as it is
    /// (`EnrichmentWrite`). Nil when the item is gone.
    func recordEnrichment(itemID: UUID, userID: UUID, state: ItemState, preview: LinkPreview?) async throws -> Item?
    /// The readable text enrichment kept for an item, for its detail view.
    func readableText(itemID: UUID, userID: UUID) async throws -> String?

    // MARK: Text recognition

    /// Records the text recognised in an item's picture or scanned pages, or why there is none,
    /// and makes it (with `layerText`, the words of a PDF's pages that have a text layer) the
    /// words search finds the item by beside its own; announced as `updated`. Nil when the item
    /// is gone.
    func recordRecognition(itemID: UUID, userID: UUID, _ recognition: ItemRecognition, layerText: String?) async throws -> Item?
    /// The text recognised in an item, or why there is none, for its detail view and JSON.
    func recognition(itemID: UUID, userID: UUID) async throws -> ItemRecognition
    /// Up to `limit` ready pictures and PDFs that have neither recognised text nor a failure
    /// and no `recognize` job in any state (items from before recognition, or from while it was
    /// off), oldest first, with their files and owners: the catch-up's work.
    func itemsAwaitingRecognition(limit: Int) async throws -> [AwaitingRecognition]

    // MARK: Walls

    /// A user's walls in switcher order.
    func walls(userID: UUID) async throws -> [Wall]
    /// The wall with this id or slug.
    func wall(ref: String, userID: UUID) async throws -> Wall?
    /// Makes a wall; throws `.slugTaken` for an explicit slug in use.
    func createWall(_ change: ValidWallChange, userID: UUID) async throws -> Wall
    /// Renames, re-slugs or moves a wall in the switcher.
    func updateWall(id: UUID, change: ValidWallChange, userID: UUID) async throws -> Wall
    /// Deletes a wall; throws `.wallNotEmpty` when it holds items and `disposal` is `.refuse`.
    func deleteWall(id: UUID, userID: UUID, disposal: WallDisposal) async throws

    // MARK: Members
    /// The people a wall is shared with, by name, for its owner and its members; `.notFound`
    /// for a wall the person can't see.
    func members(wallID: UUID, userID: UUID) async throws -> [WallMember]
    /// Gives the user called `username` this role on the wall (adding them, or changing their
    /// role). Only the owner may; `.notFound("user")` for an unknown name, `.forbidden` for a member.
    func setMember(wallID: UUID, username: String, role: WallRole, userID: UUID) async throws -> WallMember
    /// Takes someone off the wall: the owner anyone, a member themselves (leaving). What they
    /// added stays. False when they were not a member.
    func removeMember(wallID: UUID, username: String, userID: UUID) async throws -> Bool

    // MARK: Invitations
    /// Stores a sign-up invitation by the SHA-256 of its code, open until `expiresAt`;
    /// `.conflict` past the open-invitation limit.
    func createInvitation(codeHash: String, userID: UUID, expiresAt: Date) async throws -> Invitation
    /// A person's open invitations, newest first.
    func invitations(userID: UUID) async throws -> [Invitation]
    /// Withdraws an open invitation; false when the person has no such open invitation.
    func revokeInvitation(id: UUID, userID: UUID) async throws -> Bool
    /// Whether the invitation with this code hash can be used now.
    func invitationIsOpen(codeHash: String) async throws -> Bool
    /// Makes an account through an invitation, in one transaction: the user and their default
    /// wall, and the invitation marked used. `.notFound("invitation")` when it is unknown, used
    /// or expired; `.usernameTaken`.
    func acceptInvitation(codeHash: String, username: String, passwordHash: String) async throws -> User

    // MARK: Events

    /// Events after `seq` for this user, oldest first, at most `limit`, with items as they are now.
    func events(after seq: Int64, userID: UUID, limit: Int) async throws -> [ItemEvent]
    /// The newest event's seq for this user, or the event horizon when that is later (0 when
    /// there is neither): a page rendered now resumes its live stream after it, so no change
    /// between the render and the stream is missed, and it never resumes from before the horizon.
    func lastEventSeq(userID: UUID) async throws -> Int64
    /// The highest seq that may have been pruned from the event log (0 when none was): a client
    /// resuming from before it may have missed events and must reload (`reset`).
    func eventHorizon() async throws -> Int64
    /// Removes what `policy` no longer keeps, as of `now`, in small transactions, and expired
    /// sessions; returns what went.
    func prune(_ policy: RetentionPolicy, now: Date) async throws -> PruneReport
    /// Where committed changes are announced, in commit order.
    var feed: EventFeed { get }

    // MARK: Jobs

    /// The queue of work that follows a share, in the same database (see `JobQueue`).
    var jobs: any JobQueue { get }

    // MARK: Secret links

    /// Makes a secret link to a wall, keeping only `secretHash` (the secret's SHA-256). The owner
    /// alone may (`.forbidden` for a member, `.notFound` for anyone else), up to
    /// `Limits.maxLinksPerWall` (`.conflict` beyond).
    func createWallLink(wallID: UUID, secretHash: String, indexable: Bool, userID: UUID) async throws -> SecretWallLink
    /// A wall's secret links, newest first, without their secrets; the owner alone.
    func wallLinks(wallID: UUID, userID: UUID) async throws -> [SecretWallLink]
    /// Revokes one of a wall's secret links at once; the owner alone. False when it has no such link.
    func revokeWallLink(id: UUID, wallID: UUID, userID: UUID) async throws -> Bool
    /// Makes a secret link to a saved search (a smart wall), keeping only `secretHash`: the
    /// search's owner alone (`.notFound` for anyone else), up to `Limits.maxLinksPerWall`
    /// (`.conflict` beyond).
    func createSearchLink(searchID: UUID, secretHash: String, indexable: Bool, userID: UUID) async throws -> SecretSearchLink
    /// A saved search's secret links, newest first, without their secrets; its owner alone.
    func searchLinks(searchID: UUID, userID: UUID) async throws -> [SecretSearchLink]
    /// Revokes one of a saved search's secret links at once; its owner alone. False when it has
    /// no such link.
    func revokeSearchLink(id: UUID, searchID: UUID, userID: UUID) async throws -> Bool
    /// The wall or smart wall a secret link opens, read-only, or nil for an unknown or revoked secret.
    func linkedWall(secretHash: String) async throws -> LinkedWall?
    /// A page of the items on the wall a secret link opens (or its smart wall matches), newest
    /// first (`query`'s tag, kind, cursor and limit; its wall or search is always the link's);
    /// nil for an unknown or revoked secret.
    func linkedItems(secretHash: String, query: ItemQuery) async throws -> ItemPage?
    /// One item on the wall a secret link opens (or its smart wall matches); nil for an unknown
    /// or revoked secret, an absent item, or an item the link does not show.
    func linkedItem(id: UUID, secretHash: String) async throws -> Item?
}

/// A user's id, name and password hash, for signing in.
public struct UserCredentials: Sendable, Equatable {
    /// The user.
    public var user: User
    /// The bcrypt hash of their password.
    public var passwordHash: String

    /// Makes credentials.
    public init(user: User, passwordHash: String) {
        self.user = user
        self.passwordHash = passwordHash
    }
}

/// Who a token belongs to.
public struct TokenOwner: Sendable, Equatable {
    /// The token's id.
    public var tokenID: UUID
    /// Its owner.
    public var userID: UUID

    /// Makes a token owner.
    public init(tokenID: UUID, userID: UUID) {
        self.tokenID = tokenID
        self.userID = userID
    }
}

/// What happens to the items of a wall being deleted.
public enum WallDisposal: Sendable, Equatable {
    /// Refuse when it holds items.
    case refuse
    /// Move them to another wall (by id or slug); a link already there merges into that item.
    case moveTo(String)
    /// Delete them with the wall.
    case deleteItems
}
