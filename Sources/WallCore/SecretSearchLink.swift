import Foundation

/// A secret link to a smart wall (a saved search): anyone holding its URL sees what the search
/// matches on its owner's own walls, read-only, never what others shared with them. As for a
/// wall's links, the secret is shown once (`url`) and only its SHA-256 is kept.
public struct SecretSearchLink: Codable, Sendable, Equatable, Identifiable {
    /// The link's id (for revoking it).
    public var id: UUID
    /// The saved search it shows.
    public var searchId: UUID
    /// Whether search engines may index the page (else `noindex`).
    public var indexable: Bool
    /// When it was made.
    public var createdAt: Date
    /// The link's full URL, only in the answer that made it.
    public var url: String?

    /// Makes a link.
    public init(id: UUID, searchId: UUID, indexable: Bool, createdAt: Date, url: String? = nil) {
        self.id = id
        self.searchId = searchId
        self.indexable = indexable
        self.createdAt = createdAt
        self.url = url
    }
}

/// `GET /v1/searches/{id}/links`.
public struct SecretSearchLinkList: Codable, Sendable, Equatable {
    /// The smart wall's live links, newest first (without their URLs).
    public var links: [SecretSearchLink]

    /// Makes a list.
    public init(links: [SecretSearchLink]) {
        self.links = links
    }
}
