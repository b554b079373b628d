import Foundation

/// A secret link to a wall: anyone holding its URL sees the wall, read-only. The secret itself is
/// shown once, when the link is made (`url`); the server keeps only its SHA-256.
public struct SecretWallLink: Codable, Sendable, Equatable, Identifiable {
    /// The link's id (for revoking it).
    public var id: UUID
    /// The wall it shows.
    public var wallId: UUID
    /// Whether search engines may index the page (else `noindex`).
    public var indexable: Bool
    /// When it was made.
    public var createdAt: Date
    /// Who made it (the wall's owner), when their account still exists.
    public var createdBy: String?
    /// The link's full URL, only in the answer that made it.
    public var url: String?

    /// Makes a link.
    public init(id: UUID, wallId: UUID, indexable: Bool, createdAt: Date, createdBy: String?, url: String? = nil) {
        self.id = id
        self.wallId = wallId
        self.indexable = indexable
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.url = url
    }
}
