import Foundation

/// What the app and its share extension share, all named after the app's bundle id: the App Group
/// (`group.<bundle id>`) with the outbox, the upload bodies and the settings suite in its folder,
/// the Keychain access group (`<team prefix><bundle id>.shared`), the Darwin notification the
/// extension posts after queueing, and the background upload session.
public struct SharedContainer: Sendable, Equatable {
    /// The app's bundle id (the extension's is this plus `.ShareExtension`).
    public var bundleID: String
    /// The App Group's folder (`containerURL(forSecurityApplicationGroupIdentifier:)`).
    public var directory: URL

    /// Names everything after `bundleID`, kept in `directory`.
    public init(bundleID: String, directory: URL) {
        self.bundleID = bundleID
        self.directory = directory
    }

    /// The App Group identifier, as in both targets' entitlements.
    public var appGroup: String { "group." + bundleID }

    /// The Keychain access group for a team's `AppIdentifierPrefix` (`ABCDE12345.`).
    public func keychainAccessGroup(teamPrefix: String) -> String { teamPrefix + bundleID + ".shared" }

    /// The `UserDefaults` suite both read (the remembered wall).
    public var defaultsSuite: String { appGroup }

    /// The outbox folder.
    public var outboxDirectory: URL { directory.appendingPathComponent("Outbox", isDirectory: true) }

    /// Where multipart bodies for background uploads are written (a background upload must come from a file).
    public var uploadsDirectory: URL { directory.appendingPathComponent("Uploads", isDirectory: true) }

    /// The Darwin notification the extension posts when it queued something, so a running app drains.
    public var outboxChangedNotification: String { bundleID + ".outbox-changed" }

    /// What every background `URLSession` identifier of the extension starts with.
    ///
    /// iOS lets one process at a time use a background session, so the app never opens one under
    /// the extension's identifier while the extension may: each extension launch uploads in a
    /// session of its own (`extensionUploadSession(launch:)`), and when one finishes after the
    /// extension is gone, iOS wakes the app with that identifier
    /// (`application(_:handleEventsForBackgroundURLSession:completionHandler:)`), which opens it
    /// then, settles the outbox entries and calls the completion handler.
    public var extensionUploadSessionPrefix: String { bundleID + ".uploads.extension." }

    /// The background session identifier for one launch of the extension.
    public func extensionUploadSession(launch: UUID) -> String { extensionUploadSessionPrefix + launch.uuidString.lowercased() }

    /// Whether iOS woke the app for one of the extension's upload sessions (and not some other).
    public func isExtensionUploadSession(_ identifier: String) -> Bool {
        identifier.hasPrefix(extensionUploadSessionPrefix)
            && UUID(uuidString: String(identifier.dropFirst(extensionUploadSessionPrefix.count))) != nil
    }

    /// The background task that drains the outbox (`BGTaskSchedulerPermittedIdentifiers`).
    public var drainTaskIdentifier: String { bundleID + ".drain" }
}
