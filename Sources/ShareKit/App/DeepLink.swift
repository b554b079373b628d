import Foundation

/// An address the app opens: `digitalwall://item/{id}` shows one item; `digitalwall://sign-in`
/// shows the sign-in form (or the wall, when someone is signed in).
public enum DeepLink: Sendable, Equatable {
    /// Show this item.
    case item(UUID)
    /// Show sign-in.
    case signIn

    /// The app's URL scheme.
    public static let scheme = "digitalwall"

    /// Reads a link; `nil` for anything else (another scheme, an unknown path, a bad id).
    public init?(_ url: URL) {
        guard url.scheme?.lowercased() == Self.scheme else { return nil }
        let parts = url.path.split(separator: "/")
        if url.host?.lowercased() == "sign-in", parts.isEmpty, url.query == nil {
            self = .signIn
            return
        }
        guard url.host?.lowercased() == "item" else { return nil }
        guard parts.count == 1, let id = UUID(uuidString: String(parts[0])) else { return nil }
        self = .item(id)
    }

    /// The link's address.
    public var url: URL {
        switch self {
        case .item(let id): URL(string: "\(Self.scheme)://item/\(id.uuidString)")!
        case .signIn: URL(string: "\(Self.scheme)://sign-in")!
        }
    }
}
