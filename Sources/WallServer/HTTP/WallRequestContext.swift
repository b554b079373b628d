import Foundation
import Hummingbird
import NIOCore
import WallCore

/// Per-request state: Hummingbird's core context, the caller's address, and who they are once
/// a token has been checked.
public struct WallRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's storage (logger, route parameters).
    public var coreContext: CoreRequestContextStorage
    /// The peer's address, for rate limiting sign-in attempts.
    public let remoteAddress: SocketAddress?
    /// The authenticated caller, set by `APIAuthMiddleware` or `WebSessionMiddleware`.
    public var identity: Identity?
    /// The signed-in browser's CSRF token (or, before sign-in, the pre-session one), set by
    /// `WebSessionMiddleware` for the pages it renders.
    public var csrfToken: String?
    /// A form body (`application/x-www-form-urlencoded` or `multipart/form-data`) read by
    /// `WebSessionMiddleware` before it checked the form's CSRF token.
    public var form: FormData?
    /// The client's address when a trusted proxy forwarded the request (`ClientAddressMiddleware`).
    public var forwardedClientAddress: String?
    /// Whether the request carried the right CSRF token (web routes only).
    public var csrfVerified = false

    /// Makes a context for a request arriving on a channel.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// JSON bodies larger than this are refused with 413 while they stream in.
    public var maxUploadSize: Int { Limits.maxJSONBodyBytes }
    /// Decodes JSON bodies with the wire contract's date format and field-level errors.
    public var requestDecoder: WallRequestDecoder { WallRequestDecoder() }
    /// Encodes JSON bodies with the wire contract's date format.
    public var responseEncoder: JSONEncoder { WallCoders.encoder }

    /// The caller, or a 401 when the route was reached without a token.
    public func requireIdentity() throws -> Identity {
        guard let identity else { throw APIError.unauthorized() }
        return identity
    }

    /// The client's address as text, what per-address limits count by: the peer's, or the one a
    /// trusted proxy forwarded ("unknown" when there is none, e.g. in router tests).
    public var peerAddress: String { forwardedClientAddress ?? remoteAddress?.ipAddress ?? "unknown" }
}

/// Who is calling: a user, through one of their tokens or a signed-in browser.
public struct Identity: Sendable, Equatable {
    /// What vouched for the caller.
    public enum Credential: Sendable, Hashable {
        /// An API token (`Authorization: Bearer …`), by id.
        case token(UUID)
        /// A web wall session (the session cookie), by id.
        case session(UUID)
    }

    /// The user.
    public var userID: UUID
    /// What vouched for them.
    public var credential: Credential

    /// Makes an identity.
    public init(userID: UUID, credential: Credential) {
        self.userID = userID
        self.credential = credential
    }

    /// The token in use, when the caller came with one.
    public var tokenID: UUID? {
        if case .token(let id) = credential { id } else { nil }
    }

    /// The session in use, when the caller is a signed-in browser.
    public var sessionID: UUID? {
        if case .session(let id) = credential { id } else { nil }
    }

    /// The credential's id: what rate limits count by.
    public var credentialID: UUID {
        switch credential {
        case .token(let id), .session(let id): id
        }
    }
}

/// The JSON coders shared by every route (made once; they are safe to share).
enum WallCoders {
    static let encoder = WallJSON.encoder()
    static let decoder = WallJSON.decoder()
}
