import Foundation

/// An API token as listed: never the token itself, which is shown once when made.
public struct TokenInfo: Codable, Sendable, Equatable, Identifiable {
    /// The token's id (for revoking it).
    public var id: UUID
    /// What the person called it ("iPhone").
    public var label: String
    /// When it was made.
    public var createdAt: Date
    /// When it was last used, to the nearest minute or so.
    public var lastUsedAt: Date?

    /// Makes a token description.
    public init(id: UUID, label: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A freshly made token: the only time its secret is shown.
public struct NewToken: Codable, Sendable, Equatable {
    /// The secret to send as `Authorization: Bearer …`.
    public var token: String
    /// Its description.
    public var info: TokenInfo

    /// Makes a new-token answer.
    public init(token: String, info: TokenInfo) {
        self.token = token
        self.info = info
    }
}

/// The body of `POST /v1/tokens`.
public struct TokenCreateRequest: Codable, Sendable, Equatable {
    /// What to call the token.
    public var label: String

    /// Makes a request.
    public init(label: String) { self.label = label }

    /// The label, cleaned; throws when empty or too long.
    public func validatedLabel() throws(ValidationError) -> String {
        try TokenLabel.validate(label)
    }
}

/// The body of `POST /v1/auth/token`: exchange a user name and password for a new token.
public struct AuthTokenRequest: Codable, Sendable, Equatable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String
    /// What to call the token; "API token" when absent.
    public var label: String?

    /// Makes a request.
    public init(username: String, password: String, label: String? = nil) {
        self.username = username
        self.password = password
        self.label = label
    }
}

/// Token labels: required, one line, at most `Limits.maxTokenLabelLength` characters.
public enum TokenLabel {
    /// The cleaned label; throws when empty or too long.
    public static func validate(_ raw: String?, field: String = "label") throws(ValidationError) -> String {
        guard let label = try TextRules.clean(raw, field: field, limit: Limits.maxTokenLabelLength, multiline: false)
        else { throw .missing(field) }
        return label
    }
}
