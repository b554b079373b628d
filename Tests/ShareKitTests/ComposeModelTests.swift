import Foundation
import ShareKit
import Testing
import WallCore

@MainActor
@Suite struct ComposeModelTests {
    static let link = Extraction(contents: [.link(URL(string: "https://example.com/a")!, title: "A")])
    static let inbox = Wall(id: UUID(), slug: "inbox", name: "Inbox", isDefault: true, position: 0, itemCount: 3, createdAt: Date(timeIntervalSince1970: 0))
    static let reading = Wall(id: UUID(), slug: "reading", name: "Reading", isDefault: false, position: 1, itemCount: 0, createdAt: Date(timeIntervalSince1970: 0))

    func model(
        _ extraction: Extraction = link, memory: InMemoryWallMemory = InMemoryWallMemory(), signedIn: Bool = true,
        _ script: @escaping StubDelivery.Script = { share, _ in StubDelivery.saved(share) }
    ) -> (ComposeModel, StubDelivery) {
        let delivery = StubDelivery(script)
        let model = ComposeModel(
            extraction: extraction, delivery: delivery, memory: memory, isSignedIn: signedIn,
            now: { Date(timeIntervalSince1970: 1_800_000_000) }
        )
        return (model, delivery)
    }

    // MARK: Editing

    @Test func theNoteCountsDownAndBlocksPostingPastItsLimit() {
        let (model, _) = model()
        #expect(model.remainingCharacters == 500 && model.canPost)
        model.note = String(repeating: "é", count: 500)
        #expect(model.remainingCharacters == 0 && model.canPost)
        model.note += "!"
        #expect(model.remainingCharacters == -1)
        #expect(model.blocker == .noteTooLong(by: 1))
        #expect(!model.canPost)
    }

    @Test func nothingToShareBlocksPostingButSignedOutKeepsForLater() {
        #expect(model(Extraction()).0.blocker == .nothingToShare)
        let (signedOut, _) = model(signedIn: false)
        #expect(signedOut.canPost, "a share extension can't open its app: Save keeps the share on the device")
        #expect(signedOut.saveTitle == "Keep for Later")
        #expect(signedOut.signedOutNotice?.contains("open Digital Wall and sign in") == true)
        signedOut.isSignedIn = true
        #expect(signedOut.saveTitle == "Save" && signedOut.signedOutNotice == nil)
    }

    @Test func theLastChosenWallIsTheDefault() {
        let (fresh, _) = model()
        fresh.setWalls([Self.inbox, Self.reading])
        #expect(fresh.selectedWall == Self.inbox, "without a memory: the account's default wall")

        let (remembered, _) = model(memory: InMemoryWallMemory(lastWallID: Self.reading.id))
        #expect(remembered.selectedWallID == Self.reading.id, "before the walls load (offline), the remembered wall is used")
        remembered.setWalls([Self.inbox, Self.reading])
        #expect(remembered.selectedWall == Self.reading)

        let (gone, _) = model(memory: InMemoryWallMemory(lastWallID: UUID()))
        gone.setWalls([Self.inbox, Self.reading])
        #expect(gone.selectedWall == Self.inbox, "a remembered wall that was deleted falls back to the default")
    }

    @Test func thePickerOffersSharedWallsThePersonMayAddToWithTheirOwner() {
        var trip = Self.reading
        trip.id = UUID()
        trip.name = "Trip"
        trip.owner = "alice"
        trip.role = .contributor
        var viewed = trip
        viewed.id = UUID()
        viewed.role = .viewer
        let (model, _) = model(memory: InMemoryWallMemory(lastWallID: viewed.id))

        model.setWalls([Self.inbox, trip, viewed])

        #expect(model.walls == [Self.inbox, trip], "a wall the person only views is not offered")
        #expect(model.selectedWall == Self.inbox, "a remembered wall they can no longer add to falls back to the default")
        #expect(model.walls.map(\.pickerName) == ["Inbox", "Trip · alice"])
    }

    @Test func tagsAreNormalisedLikeTheServerDoes() {
        let (model, _) = model()
        #expect(model.addTag("  Swift   Concurrency "))
        #expect(!model.addTag("swift concurrency"), "already there")
        #expect(!model.addTag("   "))
        #expect(!model.addTag(String(repeating: "x", count: Limits.maxTagLength + 1)))
        #expect(model.tags == ["swift concurrency"])
        for index in 1..<Limits.maxTags { #expect(model.addTag("t\(index)")) }
        #expect(!model.addTag("one too many"))
        model.removeTag("t1")
        #expect(model.tags.count == Limits.maxTags - 1)
    }

    // MARK: Outcomes

    @Test func savedSendsTheNoteWallAndTagsAndRemembersTheWall() async {
        let memory = InMemoryWallMemory()
        let (model, delivery) = model(memory: memory)
        model.setWalls([Self.inbox, Self.reading])
        model.selectedWallID = Self.reading.id
        model.note = "  read later "
        model.addTag("Later")
        await model.post()
        guard case .finished(.saved(let responses)) = model.phase else { Issue.record("\(model.phase)"); return }
        #expect(responses.count == 1)
        let request = delivery.deliveries[0][0].request
        #expect(request.url == "https://example.com/a" && request.title == "A")
        #expect(request.userNote == "read later")
        #expect(request.wall == Self.reading.id.uuidString)
        #expect(request.tags == ["later"])
        #expect(request.source == .iosShareExtension)
        #expect(request.timestamp == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(memory.lastWallID == Self.reading.id)
        #expect(model.blocker == .posted)
        await model.perform(.done)
        #expect(model.phase == .closed(.done))
    }

    @Test func offlineShowsQueuedAsSavedOnThisDevice() async {
        let (model, _) = model { share, _ in .queued(shareID: share.request.id, reason: .offline("no network")) }
        await model.post()
        #expect(model.phase == .finished(.queued(reason: .offline("no network"))))
        if case .finished(let outcome) = model.phase { #expect(outcome.actions == [.done]) }
    }

    @Test func aRefusedTokenKeepsTheShareForAfterSignIn() async {
        let (model, delivery) = model { share, _ in .queued(shareID: share.request.id, reason: .unauthorized("Revoked.")) }
        await model.post()
        #expect(model.phase == .finished(.queued(reason: .unauthorized("Revoked."))))
        #expect(model.leftSharesInOutbox)
        await model.perform(.done)
        #expect(model.phase == .closed(.done))
        #expect(delivery.withdrawn.isEmpty, "the share stays on the device")
    }

    @Test func keepForLaterLeavesTheShareQueued() async {
        let (model, delivery) = model { share, _ in .queued(shareID: share.request.id, reason: .server(status: 500, message: "Oops.")) }
        await model.post()
        guard case .finished(.queued) = model.phase else { Issue.record("\(model.phase)"); return }
        let (failing, failingDelivery) = self.model { share, _ in .failed(shareID: share.request.id, error: .storage("Disk full.")) }
        await failing.post()
        #expect(failing.phase == .finished(.error(.storage("Disk full."), actions: [.retry, .cancel])))
        #expect(failingDelivery.withdrawn.isEmpty)
        await model.perform(.done)
        #expect(model.phase == .closed(.done))
        #expect(delivery.withdrawn.isEmpty)
    }

    @Test func aStorageFailureOffersRetryWithTheSameShareID() async {
        let (model, delivery) = model { share, call in
            call == 0 ? .failed(shareID: share.request.id, error: .storage("Disk full.")) : StubDelivery.saved(share)
        }
        await model.post()
        #expect(model.phase == .finished(.error(.storage("Disk full."), actions: [.retry, .cancel])))
        await model.perform(.retry)
        guard case .finished(.saved) = model.phase else { Issue.record("\(model.phase)"); return }
        #expect(delivery.deliveries.count == 2)
        #expect(delivery.deliveries[1][0].request.id == delivery.deliveries[0][0].request.id, "the idempotency key survives the retry")
    }

    @Test func aPermanentRefusalOffersOnlyCancel() async {
        let (model, _) = model { share, _ in .failed(shareID: share.request.id, error: .tooLarge("Too big.")) }
        await model.post()
        #expect(model.phase == .finished(.error(.tooLarge("Too big."), actions: [.cancel])))
        await model.perform(.retry)
        #expect(model.phase == .finished(.error(.tooLarge("Too big."), actions: [.cancel])), "an action not offered does nothing")
    }

    @Test func oneFailureAmongSeveralSharesIsShown() {
        let id = UUID()
        let outcome = ComposeOutcome(results: [
            .saved(shareID: UUID(), response: nil), .queued(shareID: UUID(), reason: .timedOut),
            .failed(shareID: id, error: .invalid(field: "text", message: "Too long.")),
        ])
        #expect(outcome == .partlySaved(saved: 1, total: 3, error: .invalid(field: "text", message: "Too long."), actions: [.cancel]))
        let presented = ComposePresentation(outcome: outcome)
        #expect(presented.headline == "Saved 1 of 3")
        #expect(presented.detail?.contains("The other one is on your wall") == true)
        let none = ComposeOutcome(results: [.failed(shareID: id, error: .tooLarge("Too big.")), .queued(shareID: UUID(), reason: nil)])
        #expect(none == .error(.tooLarge("Too big."), actions: [.cancel]), "nothing saved: the error alone")
        #expect(ComposeOutcome(results: [.saved(shareID: id, response: nil), .queued(shareID: UUID(), reason: nil)]) == .queued(reason: nil))
        #expect(ComposeOutcome.actions(for: .server(status: 500, message: "x")) == [.retry, .keepForLater, .cancel])
    }
}
