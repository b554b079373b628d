import Foundation

/// `GET /v1/walls/{id}/links`.
public struct SecretWallLinkList: Codable, Sendable, Equatable {
    /// The wall's live links, newest first (without their URLs).
    public var links: [SecretWallLink]

    /// Makes a list.
    public init(links: [SecretWallLink]) {
        self.links = links
    }
}

/// `POST /v1/walls/{id}/links`: `{"indexable": true}` lets search engines index the page.
public struct SecretWallLinkRequest: Codable, Sendable, Equatable {
    /// Whether search engines may index the page; false when absent.
    public var indexable: Bool?

    /// Makes a request.
    public init(indexable: Bool? = nil) {
        self.indexable = indexable
    }
}
