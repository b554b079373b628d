import Foundation
import ShareKit

/// What the app and its extension build their ShareKit objects from: the App Group folder, the
/// shared Keychain, the outbox and the remembered wall, named after the app's bundle id (from
/// Info.plist, set per build configuration in project.yml).
struct AppEnvironment: Sendable {
    /// The names and folders both targets share.
    let container: SharedContainer
    /// The Keychain access group (`<team prefix><bundle id>.shared`).
    let keychainGroup: String

    /// Reads the bundle id and team prefix from Info.plist; `nil` when the App Group is not in
    /// the entitlements (the project's signing is not set up).
    init?(bundle: Bundle = .main) {
        guard let bundleID = bundle.object(forInfoDictionaryKey: "DWAppBundleIdentifier") as? String,
              let prefix = bundle.object(forInfoDictionaryKey: "DWAppIdentifierPrefix") as? String,
              let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group." + bundleID)
        else { return nil }
        container = SharedContainer(bundleID: bundleID, directory: folder)
        keychainGroup = container.keychainAccessGroup(teamPrefix: prefix)
    }

    /// The token, in the Keychain group both targets share.
    var credentialStore: KeychainCredentialStore {
        KeychainCredentialStore(service: container.bundleID + ".credentials", accessGroup: keychainGroup)
    }

    /// The outbox in the App Group.
    func outbox() throws -> Outbox { try Outbox(directory: container.outboxDirectory) }

    /// The wall last shared to, in the App Group's defaults.
    var wallMemory: UserDefaultsWallMemory {
        UserDefaultsWallMemory(defaults: UserDefaults(suiteName: container.defaultsSuite) ?? .standard)
    }

    /// What Save does when nobody is signed in: keep the share in the outbox for after sign-in.
    func signedOutDelivery() throws -> SignedOutDelivery { SignedOutDelivery(outbox: try outbox()) }

    /// A delivery for the signed-in account.
    func delivery(_ credentials: Credentials, policy: RetryPolicy) throws -> Delivery<ContinuousClock> {
        let client = WallAPIClient(server: credentials.server, token: credentials.token, transport: URLSessionTransport())
        return Delivery(outbox: try outbox(), client: client, userID: credentials.userID, policy: policy, clock: ContinuousClock())
    }
}
