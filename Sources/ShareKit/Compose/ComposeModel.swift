import Foundation
import Observation
import WallCore

/// The share sheet's state, for a SwiftUI view to bind to: the content, a note with its limit,
/// the wall (the last one chosen is the default), tags, whether Post is possible and why not,
/// and the outcome with the actions that make sense for it.
@MainActor
@Observable
public final class ComposeModel {
    /// What was extracted from the share.
    public let contents: [SharedContent]
    /// Attachments extraction skipped, to mention.
    public let skipped: [SkippedAttachment]
    /// The note.
    public var note = ""
    /// The longest note the sheet takes, in characters.
    public let noteLimit: Int
    /// The walls to choose from (empty until loaded; the server's default wall is used meanwhile).
    public private(set) var walls: [Wall] = []
    /// The chosen wall: the last one chosen until the list is loaded (so a share made offline
    /// still goes there), then as `setWalls` decides.
    public var selectedWallID: UUID?
    /// Tags, normalised as the server stores them.
    public private(set) var tags: [String] = []
    /// Whether an account is signed in on this device.
    public var isSignedIn: Bool
    /// Where the sheet is.
    public private(set) var phase: ComposePhase = .editing

    @ObservationIgnored private let delivery: any ShareDelivering
    @ObservationIgnored private let memory: any WallMemory
    @ObservationIgnored private let source: ShareSource
    @ObservationIgnored private let budget: Duration
    @ObservationIgnored private let now: () -> Date
    /// The shares as first posted (their ids are kept for every retry), and what became of each.
    @ObservationIgnored private var posted: [PendingShare] = []
    @ObservationIgnored private var results: [UUID: DeliveryResult] = [:]

    /// Makes the model for one share sheet.
    public init(
        extraction: Extraction, delivery: any ShareDelivering, memory: any WallMemory, isSignedIn: Bool = true,
        noteLimit: Int = 500, source: ShareSource = .iosShareExtension, budget: Duration = .seconds(4),
        now: @escaping () -> Date = Date.init
    ) {
        self.contents = extraction.contents
        self.skipped = extraction.skipped
        self.delivery = delivery
        self.memory = memory
        self.isSignedIn = isSignedIn
        self.noteLimit = noteLimit
        self.source = source
        self.budget = budget
        self.now = now
        self.selectedWallID = memory.lastWallID
    }

    // MARK: Editing

    /// Characters left for the note; negative when over the limit.
    public var remainingCharacters: Int { noteLimit - note.count }

    /// Sets the walls to choose from (those the person may add to: their own, and shared ones
    /// where they are more than a viewer) and picks the default: the last one chosen if it is
    /// still there, else the current choice if still there, else the account's default wall.
    public func setWalls(_ walls: [Wall]) {
        let walls = walls.filter(\.acceptsShares)
        self.walls = walls
        let ids = Set(walls.map(\.id))
        if let remembered = memory.lastWallID, ids.contains(remembered) {
            selectedWallID = remembered
        } else if selectedWallID.map(ids.contains) != true {
            selectedWallID = walls.first(where: \.isDefault)?.id
        }
    }

    /// The chosen wall, when the list is loaded.
    public var selectedWall: Wall? { walls.first { $0.id == selectedWallID } }

    /// Adds a tag as the server will store it; `false` when it is empty, invalid, already there or one too many.
    @discardableResult
    public func addTag(_ raw: String) -> Bool {
        let candidate = ShareRequest(contentType: .text, text: "tag", tags: tags + [raw])
        guard let normalised = try? candidate.validated().tags, normalised.count == tags.count + 1 else { return false }
        tags = normalised
        return true
    }

    /// Removes a tag.
    public func removeTag(_ tag: String) { tags.removeAll { $0 == tag } }

    // MARK: Posting

    /// Why Post is disabled; `nil` when it is enabled.
    public var blocker: PostBlocker? {
        switch phase {
        case .posting: return .posting
        case .finished, .closed: return .posted
        case .editing: break
        }
        if contents.isEmpty { return .nothingToShare }
        if remainingCharacters < 0 { return .noteTooLong(by: -remainingCharacters) }
        return nil
    }

    /// Whether Post is enabled.
    public var canPost: Bool { blocker == nil }

    /// Stores the shares on this device and sends them within the budget; shows the outcome.
    public func post() async {
        guard canPost else { return }
        let draft = ShareDraft(
            contents: contents, note: note, wall: selectedWallID?.uuidString, tags: tags, source: source
        )
        posted = draft.shares(now: now())
        if let wall = selectedWallID { memory.lastWallID = wall }
        await send(posted)
    }

    /// Does what the person chose on the outcome.
    public func perform(_ action: ComposeAction) async {
        guard case .finished(let outcome) = phase, outcome.actions.contains(action) else { return }
        switch action {
        case .retry:
            let again = posted.filter { share in
                if case .saved = results[share.request.id] { return false }
                return true
            }
            await delivery.withdraw(shareIDs: queuedIDs)
            await send(again)
        case .cancel:
            await delivery.withdraw(shareIDs: queuedIDs)
            phase = .closed(.cancel)
        case .keepForLater, .done:
            phase = .closed(action)
        }
    }

    /// Closes the sheet before posting (Cancel).
    public func close(_ action: ComposeAction) {
        guard phase == .editing, action == .cancel else { return }
        phase = .closed(action)
    }

    /// What the form says above everything when nobody is signed in: a share extension can't open
    /// its app, so Save keeps the share on this device and the app sends it after sign-in.
    public var signedOutNotice: String? {
        isSignedIn ? nil : "Not signed in. Save keeps this on your iPhone; open Digital Wall and sign in, and it is sent then."
    }

    /// The Save button's title: "Keep for Later" when nobody is signed in (the share waits on this device).
    public var saveTitle: String { isSignedIn ? "Save" : "Keep for Later" }

    /// What to show over the form, if anything.
    public var presentation: ComposePresentation? {
        var shown = ComposePresentation(phase: phase, blocker: blocker)
        // Nothing left because of what was left out (a film over the size limit): say which and why.
        if blocker == .nothingToShare, let note = ContentPreview(Extraction(skipped: skipped)).skippedNote { shown?.detail = note }
        return shown
    }

    /// Whether shares were left in the outbox to be sent later (the app should be told to drain).
    public var leftSharesInOutbox: Bool { phase != .closed(.cancel) && !queuedIDs.isEmpty }

    private var queuedIDs: [UUID] {
        results.values.compactMap { result in
            if case .queued(let id, _) = result { return id }
            return nil
        }
    }

    private func send(_ shares: [PendingShare]) async {
        phase = .posting
        for result in await delivery.deliver(shares, within: budget) { results[result.shareID] = result }
        phase = .finished(ComposeOutcome(results: posted.compactMap { results[$0.request.id] }))
    }
}
