import Foundation
import ShareKit
import Testing
import WallCore

/// Every state the share extension can show, as the sheet will draw it.
@MainActor
@Suite struct ComposePresentationTests {
    static let link = Extraction(contents: [.link(URL(string: "https://example.com/a")!, title: "A")])

    func model(_ extraction: Extraction = link, signedIn: Bool = true, _ script: @escaping StubDelivery.Script = { share, _ in StubDelivery.saved(share) }) -> ComposeModel {
        ComposeModel(extraction: extraction, delivery: StubDelivery(script), memory: InMemoryWallMemory(), isSignedIn: signedIn)
    }

    @Test func editingShowsTheFormEvenWithALongNote() {
        let model = model()
        #expect(model.presentation == nil)
        model.note = String(repeating: "x", count: 501)
        #expect(model.presentation == nil, "the form's counter explains a note that is too long")
    }

    @Test func signedOutShowsTheFormAndSavingKeepsTheShareOnTheDevice() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outbox = try Outbox(directory: folder.url)
        let model = ComposeModel(extraction: Self.link, delivery: SignedOutDelivery(outbox: outbox), memory: InMemoryWallMemory(), isSignedIn: false)
        #expect(model.presentation == nil, "the form shows, with the notice above it")
        await model.post()
        let shown = model.presentation
        #expect(shown?.headline == "Kept on this device" && shown?.symbol == .signedOut && shown?.feedback == .warning)
        #expect(shown?.actions == [.done] && shown?.autoClose == nil, "it waits until the person has read it")
        #expect(shown?.detail?.contains("Open the app and sign in") == true)
        #expect(model.leftSharesInOutbox)
        let pending = try outbox.snapshot().pending
        #expect(pending.map(\.share.url) == ["https://example.com/a"] && pending.first?.userID == nil, "sent by whoever signs in next")
    }

    @Test func cancelBeforeSavingCancelsTheRequest() {
        let model = model()
        model.close(.done)
        #expect(model.phase == .editing, "only Cancel closes the form")
        model.close(.cancel)
        #expect(model.phase == .closed(.cancel))
        #expect(!ComposeAction.cancel.completesRequest && ComposeAction.keepForLater.completesRequest)
        #expect(ComposeAction.allCases.map(\.title) == ["Try Again", "Keep for Later", "Cancel", "Done"], "no button promises to open the app")
    }

    @Test func nothingToSaveOffersCancelOnly() {
        let shown = model(Extraction()).presentation
        #expect(shown?.symbol == .nothing && shown?.actions == [.cancel] && shown?.feedback == .warning)
    }

    @Test func savedShowsACheckmarkWithSuccessFeedback() async {
        let model = model()
        await model.post()
        let shown = model.presentation
        #expect(shown == ComposePresentation(headline: "Saved", symbol: .saved, feedback: .success, actions: [.done], autoClose: .milliseconds(800)))
        #expect(!model.leftSharesInOutbox)
    }

    @Test func queuedShowsWillSyncDistinctFromSaved() async {
        let model = model { share, _ in .queued(shareID: share.request.id, reason: .offline("no network")) }
        await model.post()
        let shown = model.presentation
        #expect(shown?.headline == "Saved on this device — will sync")
        #expect(shown?.symbol == .willSync && shown?.symbol != .saved)
        #expect(shown?.feedback == .warning && shown?.actions == [.done])
        #expect(shown?.detail?.contains("could not be reached") == true)
        #expect(shown?.autoClose == .milliseconds(1800), "long enough to read that it will sync")
        #expect(model.leftSharesInOutbox, "the app is told to drain")
    }

    @Test func aBackgroundUploadSaysItIsBeingSent() {
        #expect(ComposePresentation(outcome: .queued(reason: nil)).detail == "It is being sent in the background.")
    }

    @Test func errorsShowTheirMessageAndActions() async {
        let model = model { share, _ in .failed(shareID: share.request.id, error: .tooLarge("The picture is larger than 25 MB.")) }
        await model.post()
        #expect(model.presentation?.autoClose == nil, "an error waits for the person")
        #expect(model.presentation == ComposePresentation(
            headline: "The server can't take this", detail: "The picture is larger than 25 MB.", symbol: .error, feedback: .error, actions: [.cancel]
        ))
        let revoked = ComposePresentation(outcome: .queued(reason: .unauthorized("Revoked.")))
        #expect(revoked.headline == "Kept on this device" && revoked.actions == [.done])
        #expect(ComposePresentation(outcome: .error(.storage("Disk full."), actions: [.retry, .cancel])).headline == "Couldn't save on this device")
    }

    @Test func postingShowsProgress() {
        #expect(ComposePresentation(phase: .posting, blocker: .posting) == ComposePresentation(headline: "Saving…", isProgress: true))
    }

    @Test func aDuplicateIsSavedWithANote() {
        let share = PendingShare(request: ShareRequest(contentType: .url, url: "https://example.com"))
        guard case .saved(_, var response?) = StubDelivery.saved(share) else { Issue.record("no response"); return }
        response.duplicate = true
        #expect(ComposePresentation(outcome: .saved([response])).detail == "It was already on your wall; it is on top again.")
    }
}
