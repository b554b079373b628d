import ShareKit
import SwiftUI
import UIKit

/// The extension's principal class (Info.plist `NSExtensionPrincipalClass`): reads what was
/// shared through ShareKit, makes pictures small, builds the compose model and hosts the SwiftUI
/// sheet; when the model closes, completes the request (or cancels it) and tells the app.
@objc(ShareViewController)
final class ShareViewController: UIViewController {
    private let environment = AppEnvironment()
    private var uploader: BackgroundUploader?
    private lazy var host = UIHostingController(rootView: ShareSheetView(model: nil, preview: nil, onClose: { _ in }))

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
        let extraction = Extraction(contents: contents, skipped: extracted.skipped)
        let credentials = try? environment?.credentialStore.load()
        let model = ComposeModel(
            extraction: extraction, delivery: makeDelivery(credentials), memory: environment?.wallMemory ?? InMemoryWallMemory(),
            isSignedIn: credentials != nil
        )
        host.rootView = ShareSheetView(model: model, preview: ContentPreview(extraction)) { [weak self] action in
            self?.close(action, leftSharesInOutbox: model.leftSharesInOutbox)
        }
        if let credentials { await loadWalls(into: model, credentials: credentials) }
    }

    /// Sends small shares now and large ones by background upload; without an account or App
    /// Group, a delivery that refuses (the sheet says why before Save is possible).
    private func makeDelivery(_ credentials: Credentials?) -> any ShareDelivering {
        guard let environment, let credentials, let delivery = try? environment.delivery(credentials, policy: .interactive) else {
            return UnavailableDelivery()
        }
        let uploader = BackgroundUploader(container: environment.container) { shareID, response, error in
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
        if action.opensApp, let url = URL(string: "\(DeepLink.scheme)://sign-in") {
            // Share extensions may not open apps on every iOS version; the sheet already said to open it.
            extensionContext?.open(url, completionHandler: nil)
        }
        if action.completesRequest {
            extensionContext?.completeRequest(returningItems: nil, completionHandler: nil)
        } else {
            extensionContext?.cancelRequest(withError: CocoaError(.userCancelled))
        }
    }
}

/// The delivery used when nobody is signed in or the App Group is missing: it stores nothing.
private struct UnavailableDelivery: ShareDelivering {
    func deliver(_ shares: [PendingShare], within budget: Duration) async -> [DeliveryResult] {
        shares.map { .failed(shareID: $0.request.id, error: .storage("Digital Wall is not set up on this device: open the app and sign in.")) }
    }

    func withdraw(shareIDs: [UUID]) async {}
}
