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

    @Test func signedOutSaysSoAndOffersTheApp() {
        let model = model(signedIn: false)
        let shown = model.presentation
        #expect(shown?.headline == "Not signed in" && shown?.symbol == .signedOut)
        #expect(shown?.actions == [.signIn, .cancel])
        #expect(ComposeAction.signIn.opensApp && ComposeAction.signIn.completesRequest)
        model.close(.signIn)
        #expect(model.phase == .closed(.signIn))
        #expect(model.presentation == nil)
    }

    @Test func signInIsNotOfferedToSomeoneSignedIn() {
        let model = model()
        model.close(.signIn)
        #expect(model.phase == .editing)
        model.close(.cancel)
        #expect(model.phase == .closed(.cancel))
        #expect(!ComposeAction.cancel.completesRequest)
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
        let revoked = ComposePresentation(outcome: .error(.unauthorized("Revoked."), actions: [.signIn, .keepForLater, .cancel]))
        #expect(revoked.headline == "Sign in again" && revoked.actions.map(\.title) == ["Open Digital Wall", "Keep for Later", "Cancel"])
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
