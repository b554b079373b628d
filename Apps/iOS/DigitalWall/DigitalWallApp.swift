import BackgroundTasks
import ShareKit
import SwiftUI

/// The app: sign in, the wall, pending shares. It drains the outbox at launch, on coming to the
/// foreground, when the extension signals, and in a background refresh task; it receives the
/// results of background uploads the extension started; it opens `digitalwall://item/{id}`.
@main
struct DigitalWallApp: App {
    @State private var model = AppModel()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView(model: model)
                .onOpenURL { url in
                    if case .item(let id)? = DeepLink(url) { model.openedItemID = id }
                }
                .onReceive(NotificationCenter.default.publisher(for: OutboxSignal.received)) { _ in
                    Task { await model.drain(notify: scenePhase != .active) }
                }
        }
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .active: Task { await model.drain(notify: false) }
            case .background: model.scheduleBackgroundDrain()
            default: break
            }
        }
        .backgroundTask(.appRefresh(model.drainTaskIdentifier)) {
            await model.drain(notify: true)
            await model.scheduleBackgroundDrain()
        }
        .backgroundTask(.urlSession(model.uploadSessionIdentifier)) {
            // Reattaching to the session (AppModel does at launch) is what lets its results arrive.
            await model.reattachUploads()
        }
    }
}

/// Sign in first; then the wall.
struct RootView: View {
    let model: AppModel

    var body: some View {
        if model.environment == nil {
            ContentUnavailableView(
                "Not set up", systemImage: "wrench.and.screwdriver",
                description: Text("The App Group is missing from this build's entitlements. See Apps/iOS/README.md.")
            )
        } else if model.signIn.credentials == nil {
            SignInView(model: model.signIn) { Task { await model.signedIn() } }
        } else {
            WallView(model: model)
        }
    }
}
