import Foundation

/// Remembers the wall last shared to, so it is the default next time (the common case is one tap).
public protocol WallMemory: AnyObject {
    /// The wall last chosen, if any.
    var lastWallID: UUID? { get set }
}

/// Wall memory in `UserDefaults` (the App Group's suite on iOS, so the app and extension agree).
public final class UserDefaultsWallMemory: WallMemory {
    private let defaults: UserDefaults
    private let key: String

    /// Remembers under `key` in `defaults`.
    public init(defaults: UserDefaults, key: String = "compose.lastWallID") {
        self.defaults = defaults
        self.key = key
    }

    /// The wall last chosen, if any.
    public var lastWallID: UUID? {
        get { defaults.string(forKey: key).flatMap(UUID.init(uuidString:)) }
        set { defaults.set(newValue?.uuidString, forKey: key) }
    }
}

/// Wall memory that lasts as long as the object (tests, previews).
public final class InMemoryWallMemory: WallMemory {
    /// The wall last chosen, if any.
    public var lastWallID: UUID?

    /// Starts with `lastWallID`.
    public init(lastWallID: UUID? = nil) { self.lastWallID = lastWallID }
}
