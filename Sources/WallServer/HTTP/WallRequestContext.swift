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
    /// The authenticated caller, set by `BearerAuthMiddleware`.
    public var identity: Identity?

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

    /// The peer's address as text ("unknown" when there is none, e.g. in router tests).
    public var peerAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}

/// Who is calling: a user, through one of their tokens.
public struct Identity: Sendable, Equatable {
    /// The user.
    public var userID: UUID
    /// The token they used.
    public var tokenID: UUID
}

/// The JSON coders shared by every route (made once; they are safe to share).
enum WallCoders {
    static let encoder = WallJSON.encoder()
    static let decoder = WallJSON.decoder()
}
