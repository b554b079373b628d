import BackgroundTasks
import ShareKit
import SwiftUI

/// The app: sign in, the wall, pending shares. It drains the outbox at launch, on coming to the
/// foreground, when the extension signals, and in a background refresh task; `AppDelegate`
/// owns the model and receives the results of background uploads the extension started; it
/// opens `digitalwall://item/{id}` and `digitalwall://sign-in`.
@main
struct DigitalWallApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @Environment(\.scenePhase) private var scenePhase

    private var model: AppModel { appDelegate.model }

    var body: some Scene {
        WindowGroup {
            RootView(model: model)
                .onOpenURL { url in
                    switch DeepLink(url) {
                    case .item(let id)?: model.openedItemID = id
                    case .signIn?, nil: break // sign-in shows by itself whenever nobody is signed in
                    }
                }
                .onReceive(NotificationCenter.default.publisher(for: OutboxSignal.received)) { _ in
                    model.startDrain(notify: scenePhase != .active)
                }
        }
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .active: model.startDrain(notify: false)
            case .background: model.scheduleBackgroundDrain()
            default: break
            }
        }
        .backgroundTask(.appRefresh(model.drainTaskIdentifier)) { [model] in
            await model.drain(notify: true)
            await model.scheduleBackgroundDrain()
        }
    }
}

/// Sign in first (saying why, when the server signed this device out); then the wall.
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
