import Foundation
import WallCore

/// What became of one share handed to `Delivery.deliver`.
public enum DeliveryResult: Sendable, Equatable {
    /// The server holds it (2xx); the answer, when it could be read.
    case saved(shareID: UUID, response: ShareResponse?)
    /// It is safe in the outbox and will be sent later; `reason` is why not now (`nil` when
    /// it was only queued, not tried).
    case queued(shareID: UUID, reason: ShareError?)
    /// Nothing was stored: refused before or by the server, or the outbox could not be written.
    case failed(shareID: UUID, error: ShareError)

    /// The share's id.
    public var shareID: UUID {
        switch self {
        case .saved(let id, _), .queued(let id, _), .failed(let id, _): id
        }
    }

    /// Whether the share is stored somewhere (on the server or in the outbox).
    public var isStored: Bool {
        if case .failed = self { return false }
        return true
    }
}
