import BackgroundTasks
import ShareKit
import SwiftUI
import UserNotifications

/// The app's glue: builds ShareKit's models from the shared environment and runs them at the
/// right moments. Every decision (what to send, what to show, what to say) is ShareKit's.
@MainActor
@Observable
final class AppModel {
    /// The App Group and Keychain; `nil` when the build's entitlements lack them.
    let environment: AppEnvironment?
    /// The sign-in form and the account.
    let signIn: SignInModel
    /// The wall of the signed-in account.
    private(set) var feed: WallFeed?
    /// Shares waiting in the outbox, and refused ones.
    private(set) var pending: [PendingShareRow] = []
    /// Whether a drain is running.
    private(set) var isDraining = false
    /// The item a deep link asked for.
    var openedItemID: UUID?

    @ObservationIgnored private let backgroundTime = BackgroundTime()

    init() {
        let environment = AppEnvironment()
        self.environment = environment
        let store: any CredentialStore = environment?.credentialStore ?? UnavailableStore()
        signIn = SignInModel(store: store, transport: URLSessionTransport(), tokenLabel: "Digital Wall for iOS")
        if let environment { OutboxSignal.observe(environment.container.outboxChangedNotification) }
        accountChanged()
    }

    /// The background refresh task that drains the outbox (Info.plist `BGTaskSchedulerPermittedIdentifiers`).
    var drainTaskIdentifier: String { environment?.container.drainTaskIdentifier ?? "drain" }

    /// After signing in: the wall, permission to say when queued shares arrive, and the shares
    /// kept while signed out.
    func signedIn() async {
        accountChanged()
        _ = try? await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound])
        await drain(notify: false)
    }

    /// Signs out and forgets the wall.
    func signOut() async {
        await signIn.signOut()
        accountChanged()
    }

    /// The server refused a token (a drain, the wall or the live connection said so): its
    /// account (and only its: a late refusal after signing in again changes nothing) is signed
    /// out with the reason, which the sign-in form shows.
    func refused(_ refusal: TokenRefusal) {
        signIn.tokenRefused(refusal)
        accountChanged()
    }

    private func accountChanged() {
        guard let credentials = signIn.credentials else {
            feed = nil
            return
        }
        feed = WallFeed(client: WallAPIClient(server: credentials.server, token: credentials.token, transport: URLSessionTransport()))
        reloadPending()
    }

    // MARK: Outbox

    /// Sends what the outbox holds; with `notify`, posts a local notification saying what arrived.
    func drain(notify: Bool) async {
        await startDrain(notify: notify)?.value
    }

    /// Starts sending what the outbox holds, under background time taken before this returns;
    /// `nil` when there is nothing to start (a drain is running, or nobody is signed in). It
    /// runs within what is left of the background time, and is cancelled (letting go of every
    /// outbox lock) if that runs out first.
    @discardableResult
    func startDrain(notify: Bool) -> Task<Void, Never>? {
        guard !isDraining, let environment, let credentials = signIn.credentials,
              let delivery = try? environment.delivery(credentials, policy: .background) else {
            reloadPending()
            return nil
        }
        isDraining = true
        let sending = backgroundTime.start(named: "Send shares waiting on this device") { budget in
            await delivery.drain(within: budget)
        }
        return Task {
            let report = await sending.value
            isDraining = false
            reloadPending()
            if let refusal = report.tokenRefusal { refused(refusal) }
            if notify, let notice = DeliveryNotice(report: report) { await post(notice) }
            if report.progress.delivered > 0 { await feed?.refresh() }
        }
    }

    /// Reads the outbox for the pending list.
    func reloadPending() {
        guard let snapshot = try? environment?.outbox().snapshot() else { return }
        pending = PendingShareRow.rows(snapshot)
    }

    /// Asks the system for a background refresh in which to drain.
    func scheduleBackgroundDrain() {
        let request = BGAppRefreshTaskRequest(identifier: drainTaskIdentifier)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }

    private func post(_ notice: DeliveryNotice) async {
        let content = UNMutableNotificationContent()
        content.title = notice.title
        content.body = notice.body
        let request = UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: nil)
        try? await UNUserNotificationCenter.current().add(request)
    }

    // MARK: Live updates

    /// Keeps the wall live from `/v1/events` until the view goes away, resuming after the last
    /// event it saw (so coming back from an item replays what changed, not the first page).
    func runLiveUpdates() async {
        guard let credentials = signIn.credentials, let feed else { return }
        let live = LiveEvents(
            server: credentials.server, token: credentials.token, transport: URLSessionStreamingTransport(), clock: ContinuousClock()
        )
        await feed.follow(live)
    }
}

/// Used only when the build has no App Group: stores nothing.
private struct UnavailableStore: CredentialStore {
    func load() throws -> Credentials? { nil }
    func save(_ credentials: Credentials) throws { throw CocoaError(.featureUnsupported) }
    func delete() throws {}
}
