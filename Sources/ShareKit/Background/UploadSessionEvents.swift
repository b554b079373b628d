import Foundation

/// The app's side of uploads the extension started: iOS wakes (or launches) the app with a
/// session identifier and a completion handler
/// (`application(_:handleEventsForBackgroundURLSession:completionHandler:)`); the app opens
/// that session to receive its events, settles each upload's outbox entry as it ends, and calls
/// the handler once the session says all events are delivered (`urlSessionDidFinishEvents`),
/// so iOS suspends the app only after the outbox is settled. This decides what to do with each
/// wake-up and keeps every handler until its session finishes, calling each exactly once.
///
/// A process may have only one `URLSession` per background identifier, and a session stays valid
/// until it is invalidated, so a session opened here is never opened again in this process: a
/// second wake-up for it (another upload of the same extension launch ended later) reuses it.
@MainActor
public final class UploadSessionEvents {
    /// What to do about a wake-up.
    public enum Decision: Sendable, Equatable {
        /// Open a background session with this identifier (with the uploader as its delegate).
        case open
        /// The session is open in this process already (from this wake-up or an earlier one): its
        /// events arrive at the delegate it was opened with; wait for them.
        case alreadyOpen
        /// Not one of the extension's sessions: nothing to receive (the handler was called).
        case notOurs
    }

    private let container: SharedContainer
    private var opened: Set<String> = []
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
        waiting[identifier, default: []].append(completion)
        return opened.insert(identifier).inserted ? .open : .alreadyOpen
    }

    /// The session delivered all its events (and the uploads that ended are settled): calls
    /// its handlers; returns how many were waiting. The session stays open for the next wake-up.
    @discardableResult
    public func finished(identifier: String) -> Int {
        let handlers = waiting.removeValue(forKey: identifier) ?? []
        for handler in handlers { handler() }
        return handlers.count
    }

    /// The sessions opened in this process (each once, for the life of the process).
    public var openSessions: [String] { opened.sorted() }

    /// The sessions whose events are still awaited (their handlers not yet called).
    public var awaitedSessions: [String] { waiting.keys.sorted() }
}
