import Foundation

/// A share that passed validation: trimmed, within limits, its URL canonicalised.
///
/// Only `ShareRequest.validated()` makes one, so a store can trust every field.
public struct ValidShare: Sendable, Equatable {
    /// The client's share id (idempotency key).
    public let shareID: UUID
    /// What is shared.
    public let kind: ItemKind
    /// The link as shared, trimmed.
    public let url: String?
    /// The link in canonical form, the key for duplicate detection (only for `url` shares).
    public let canonicalURL: String?
    /// The passage.
    public let text: String?
    /// The title.
    public let title: String?
    /// The person's note.
    public let note: String?
    /// The wall reference (id or slug), or `nil` for the default wall.
    public let wall: String?
    /// Normalised tags: trimmed, lower-cased, unique, in the order given.
    public let tags: [String]
    /// When the person shared it, by the device's clock.
    public let sharedAt: Date?
    /// Where the share came from.
    public let source: ShareSource
    /// The page as the person saw it, checked and trimmed (only for `url` shares).
    public let page: PageSnapshot?
    /// The `enrich` job's payload the server stores with the item's follow-up job (where it
    /// keeps the page snapshot); not part of the fingerprint.
    public var enrichPayload: String?
    /// A digest of everything above; the same id with a different fingerprint is a conflict.
    public let fingerprint: String

    init(
        shareID: UUID, kind: ItemKind, url: String?, canonicalURL: String?, text: String?, title: String?,
        note: String?, wall: String?, tags: [String], sharedAt: Date?, source: ShareSource,
        page: PageSnapshot? = nil, fingerprintExtras: [String?] = []
    ) {
        self.shareID = shareID
        self.kind = kind
        self.url = url
        self.canonicalURL = canonicalURL
        self.text = text
        self.title = title
        self.note = note
        self.wall = wall
        self.tags = tags
        self.sharedAt = sharedAt?.roundedToMillis
        self.source = source
        self.page = page
        let sharedAtMillis = sharedAt.map { String($0.millisSince1970) }
        let parts: [String?] = [
            kind.rawValue, url, text, title, note, wall, tags.joined(separator: "\u{1F}"),
            sharedAtMillis, source.rawValue,
        ] + (page?.fingerprintParts ?? []) + fingerprintExtras
        self.fingerprint = Fingerprint.of(parts)
    }
}
