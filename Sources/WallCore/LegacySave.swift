import Foundation

/// The older body of `POST /api/save`, kept for clients written against it.
public struct LegacySaveRequest: Codable, Sendable, Equatable {
    /// The link.
    public var url: String?
    /// A title.
    public var title: String?
    /// Free-form client name; mapped to a `ShareSource` when it names one, else `api`.
    public var source: String?
    /// The token, when the client can't send an `Authorization` header.
    public var authToken: String?

    private enum CodingKeys: String, CodingKey {
        case url, title, source
        case authToken = "auth_token"
    }

    /// Makes a request.
    public init(url: String?, title: String? = nil, source: String? = nil, authToken: String? = nil) {
        self.url = url
        self.title = title
        self.source = source
        self.authToken = authToken
    }

    /// The same share as a v1 request with a fresh id: a legacy client sends no id, so a retried
    /// save is caught by the duplicate-URL rule instead (same wall, same canonical URL).
    public func shareRequest(now: Date) throws(ValidationError) -> ShareRequest {
        if let source, source.count > Limits.maxSourceLength {
            throw .invalid("source", "source is longer than \(Limits.maxSourceLength) characters.")
        }
        let known = source.flatMap { ShareSource(rawValue: $0.lowercased()) }
        return ShareRequest(
            id: UUID.timeOrdered(at: now), contentType: .url, url: url, title: title, timestamp: now, source: known ?? .api
        )
    }
}

/// The answer to `POST /api/save`.
public struct LegacySaveResponse: Codable, Sendable, Equatable {
    /// The item's id.
    public var id: UUID
    /// Saved or queued.
    public var status: ShareStatus
    /// A sentence to show the person.
    public var message: String

    /// Makes an answer.
    public init(id: UUID, status: ShareStatus, message: String) {
        self.id = id
        self.status = status
        self.message = message
    }
}
