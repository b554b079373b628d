import Foundation
import WallCore

/// The share extension's delivery when nobody is signed in on the device: it keeps each share
/// in the outbox (checked first, as `Delivery` does) for no account in particular, and sends
/// nothing; the app sends them after the person signs in. A share extension can't open its app,
/// so this is what Save can do instead of refusing.
public struct SignedOutDelivery: ShareDelivering {
    /// Where the shares wait.
    public var outbox: Outbox

    /// The reason the outcome gives.
    public static let reason = ShareError.unauthorized("Not signed in on this device.")

    /// Keeps shares in `outbox`.
    public init(outbox: Outbox) { self.outbox = outbox }

    /// Stores each share; `.queued` with `reason`, or `.failed` when it is invalid or can't be stored.
    public func deliver(_ shares: [PendingShare], within budget: Duration) async -> [DeliveryResult] {
        shares.map { share in
            do {
                _ = try share.request.validated(attachmentCount: share.attachments.count)
                try outbox.enqueue(share).release(recording: nil)
                return .queued(shareID: share.request.id, reason: Self.reason)
            } catch let error as ValidationError {
                return .failed(shareID: share.request.id, error: .invalid(field: error.field, message: error.message))
            } catch {
                return .failed(shareID: share.request.id, error: .storage("The share could not be saved on this device: \(error)"))
            }
        }
    }

    /// Takes shares back out of the outbox (the person cancelled).
    public func withdraw(shareIDs: [UUID]) async {
        for id in shareIDs {
            if case .claimed(let claim) = try? outbox.claim(shareID: id) { try? claim.withdraw() }
        }
    }
}
