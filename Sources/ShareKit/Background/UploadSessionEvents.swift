import Foundation

/// The app's side of uploads the extension started: iOS wakes (or launches) the app with a
/// session identifier and a completion handler
/// (`application(_:handleEventsForBackgroundURLSession:completionHandler:)`); the app opens
/// that session to receive its events, settles each upload's outbox entry as it ends, and calls
/// the handler once the session says all events are delivered (`urlSessionDidFinishEvents`),
/// so iOS suspends the app only after the outbox is settled. This decides what to do with each
/// wake-up and keeps every handler until its session finishes, calling each exactly once.
@MainActor
public final class UploadSessionEvents {
    /// What to do about a wake-up.
    public enum Decision: Sendable, Equatable {
        /// Open a background session with this identifier (with the uploader as its delegate).
        case open
        /// The session is open already in this process: its events arrive there; wait for them.
        case alreadyOpen
        /// Not one of the extension's sessions: nothing to receive (the handler was called).
        case notOurs
    }

    private let container: SharedContainer
    private var waiting: [String: [() -> Void]] = [:]

    /// Recognises the sessions of the extension of `container`'s app.
    public init(container: SharedContainer) { self.container = container }

    /// Takes a wake-up for `identifier`; keeps `completion` until the session finishes (or calls
    /// it at once when the session is not the extension's).
    public func receive(identifier: String, completion: @escaping () -> Void) -> Decision {
        guard container.isExtensionUploadSession(identifier) else {
            completion()
            return .notOurs
        }
        let isOpen = waiting[identifier] != nil
        waiting[identifier, default: []].append(completion)
        return isOpen ? .alreadyOpen : .open
    }

    /// The session delivered all its events (and the uploads that ended are settled): calls
    /// its handlers; returns how many were waiting.
    @discardableResult
    public func finished(identifier: String) -> Int {
        let handlers = waiting.removeValue(forKey: identifier) ?? []
        for handler in handlers { handler() }
        return handlers.count
    }

    /// The sessions whose events are still awaited.
    public var openSessions: [String] { waiting.keys.sorted() }
}
