import Foundation

/// A link that may be put in an `href`: only `http` and `https` URLs, anything else is dropped,
/// so a stored `javascript:` or `data:` URL can never become a clickable card.
public struct SafeLink: Sendable, Equatable {
    /// The URL as stored, safe to put (escaped) in an attribute.
    public let href: String
    /// The host without `www.`, shown as the card's site when enrichment has not named one.
    public let host: String

    /// Checks `url`; `nil` unless it is an absolute http(s) URL with a host.
    public init?(_ url: String?) {
        guard let url, let components = URLComponents(string: url),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty
        else { return nil }
        self.href = url
        self.host = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}
