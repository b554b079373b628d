/// Why a fetch or an enrichment failed, with a reason a person can read.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Trying again later may work (a timeout, a 503, a reset connection).
    case transient(String)
    /// Trying again will not help (a 404, a refused address, a page that is not HTML).
    case permanent(String)

    /// The site did not finish answering within `timeout`.
    static func tookLongerThan(_ timeout: Duration) -> FetchError {
        .transient("the site took longer than \(timeout.secondsText) to answer")
    }

    /// The reason, for the item's failure field.
    public var reason: String {
        switch self {
        case .transient(let reason), .permanent(let reason): reason
        }
    }

    /// Whether a retry may succeed.
    public var isTransient: Bool {
        if case .transient = self { return true }
        return false
    }

    /// The reason.
    public var description: String { reason }
}
