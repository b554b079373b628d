import Foundation

/// What the compose model posts through: `Delivery` in the app, a stub in tests.
public protocol ShareDelivering: Sendable {
    /// Stores the shares in the outbox, then tries to send them within `budget`.
    func deliver(_ shares: [PendingShare], within budget: Duration) async -> [DeliveryResult]
    /// Takes queued shares back out of the outbox (the person cancelled).
    func withdraw(shareIDs: [UUID]) async
}
