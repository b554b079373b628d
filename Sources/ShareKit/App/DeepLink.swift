import Foundation

/// An address the app opens: `digitalwall://item/{id}` shows one item.
public enum DeepLink: Sendable, Equatable {
    /// Show this item.
    case item(UUID)

    /// The app's URL scheme.
    public static let scheme = "digitalwall"

    /// Reads a link; `nil` for anything else (another scheme, an unknown path, a bad id).
    public init?(_ url: URL) {
        guard url.scheme?.lowercased() == Self.scheme, url.host?.lowercased() == "item" else { return nil }
        let parts = url.path.split(separator: "/")
        guard parts.count == 1, let id = UUID(uuidString: String(parts[0])) else { return nil }
        self = .item(id)
    }

    /// The link's address.
    public var url: URL {
        switch self {
        case .item(let id): URL(string: "\(Self.scheme)://item/\(id.uuidString)")!
        }
    }
}
