import ShareKit
import SwiftUI
import UIKit

/// The extension's principal class (Info.plist `NSExtensionPrincipalClass`): reads what was
/// shared through ShareKit, makes pictures small, leaves out files over the server's limit,
/// builds the compose model and hosts the SwiftUI sheet; when the model closes, completes the
/// request (or cancels it) and tells the app. It never tries to open the app (iOS ignores
/// `extensionContext.open` from a share extension): signed out, Save keeps the share on the
/// device for the app to send after sign-in. Info.plist names it by its Swift name,
/// `$(PRODUCT_MODULE_NAME).ShareViewController`: an `@objc(ShareViewController)` rename would
/// hide it from that lookup.
final class ShareViewController: UIViewController {
    private let environment = AppEnvironment()
    /// This launch's background upload session (iOS allows one process per session identifier).
    private let launch = UUID()
    private var uploader: BackgroundUploader?
    private lazy var host = UIHostingController(rootView: ShareSheetView(model: nil, preview: nil, send: { _ in }, onClose: { _ in }))

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(host)
        host.view.frame = view.bounds
        host.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(host.view)
        host.didMove(toParent: self)
        Task { await start() }
    }

    private func start() async {
        let items = extensionContext?.inputItems.compactMap { $0 as? NSExtensionItem } ?? []
        let providers: [NSItemProvider] = items.flatMap { $0.attachments ?? [] }
        let extracted = await AttachmentExtractor().extract(from: providers)
        // Decoding pictures is slow and must not hold the main thread; ImageIO reads only what the thumbnail needs.
        let contents = await Task.detached(priority: .userInitiated) {
            let policy = ImagePolicy.phone
            return policy.apply(to: extracted.contents, pixelSize: ImageIODownscaler.pixelSize) { file, maxPixelSize in
                ImageIODownscaler.downscale(file, maxPixelSize: maxPixelSize, policy: policy)
            }
        }.value
        let extraction = Extraction(contents: contents, skipped: extracted.skipped).refusingFiles()
        let credentials = try? environment?.credentialStore.load()
        let model = ComposeModel(
            extraction: extraction, delivery: makeDelivery(credentials), memory: environment?.wallMemory ?? InMemoryWallMemory(),
            isSignedIn: credentials != nil
        )
        host.rootView = ShareSheetView(
            model: model, preview: ContentPreview(extraction), send: { [weak self] work in self?.whileSending(work) }
        ) { [weak self] action in
            self?.close(action, leftSharesInOutbox: model.leftSharesInOutbox)
        }
        if let credentials { await loadWalls(into: model, credentials: credentials) }
    }

    /// Runs a send (Save, Try Again, Cancel's withdrawal), which holds outbox locks, so that the
    /// extension outlives it: the sheet can't be swiped away meanwhile (`isModalInPresentation`),
    /// and iOS keeps the process running until it ends (`ExpiringActivity`), or cancels it first.
    private func whileSending(_ work: @escaping @MainActor () async -> Void) {
        isModalInPresentation = true
        let send = Task { await work() }
        let activity = ExpiringActivity(reason: "Saving a share to Digital Wall") { send.cancel() }
        Task {
            await send.value
            activity.end()
            isModalInPresentation = false
        }
    }

    /// Signed in: small shares now, large ones by background upload. Signed out: kept in the
    /// outbox for the app. Without an App Group: a delivery that refuses, saying why.
    private func makeDelivery(_ credentials: Credentials?) -> any ShareDelivering {
        guard let environment else { return UnavailableDelivery() }
        guard let credentials else {
            return (try? environment.signedOutDelivery()).map { $0 as any ShareDelivering } ?? UnavailableDelivery()
        }
        guard let delivery = try? environment.delivery(credentials, policy: .interactive) else { return UnavailableDelivery() }
        let uploader = BackgroundUploader(
            identifier: environment.container.extensionUploadSession(launch: launch), container: environment.container
        ) { shareID, response, error in
            _ = delivery.settleUpload(shareID: shareID, response: response, error: error)
        }
        self.uploader = uploader
        return RoutedDelivery(
            delivery: delivery, policy: .standard, uploader: uploader, uploadsDirectory: environment.container.uploadsDirectory
        )
    }

    private func loadWalls(into model: ComposeModel, credentials: Credentials) async {
        let client = WallAPIClient(server: credentials.server, token: credentials.token, transport: URLSessionTransport())
        if let walls = try? await client.walls() { model.setWalls(walls) }
    }

    private func close(_ action: ComposeAction, leftSharesInOutbox: Bool) {
        if leftSharesInOutbox, let environment { OutboxSignal.post(environment.container.outboxChangedNotification) }
        // The pictures loaded for this share: the outbox has its own copies by now.
        ImageRepresentation.removeTemporaryFolders(in: FileManager.default.temporaryDirectory)
        if action.completesRequest {
            extensionContext?.completeRequest(returningItems: nil, completionHandler: nil)
        } else {
            extensionContext?.cancelRequest(withError: CocoaError(.userCancelled))
        }
    }
}

/// The delivery used when the App Group is missing: it stores nothing.
private struct UnavailableDelivery: ShareDelivering {
    func deliver(_ shares: [PendingShare], within budget: Duration) async -> [DeliveryResult] {
        shares.map { .failed(shareID: $0.request.id, error: .storage("Digital Wall is not set up on this device: the App Group is missing from this build.")) }
    }

    func withdraw(shareIDs: [UUID]) async {}
}
