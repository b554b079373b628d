import Foundation
import ShareKit
import WallCore

/// A delivery that answers each share from a script and records what it was given.
final class StubDelivery: ShareDelivering {
    typealias Script = @Sendable (_ share: PendingShare, _ call: Int) -> DeliveryResult

    private let script: Script
    private let state = Locked((delivered: [[PendingShare]](), withdrawn: [UUID]()))

    init(_ script: @escaping Script) { self.script = script }

    /// The shares of each `deliver` call.
    var deliveries: [[PendingShare]] { state.withLock { $0.delivered } }
    /// The ids withdrawn.
    var withdrawn: [UUID] { state.withLock { $0.withdrawn } }

    func deliver(_ shares: [PendingShare], within budget: Duration) async -> [DeliveryResult] {
        let call = state.withLock { state in
            state.delivered.append(shares)
            return state.delivered.count - 1
        }
        return shares.map { script($0, call) }
    }

    func withdraw(shareIDs: [UUID]) async { state.withLock { $0.withdrawn += shareIDs } }

    /// A saved result with a server answer for `share`.
    static func saved(_ share: PendingShare) -> DeliveryResult {
        let item = Item(
            id: UUID(), kind: share.request.contentType, url: share.request.url, text: share.request.text,
            wallId: UUID(), source: .iosShareExtension, createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0)
        )
        return .saved(shareID: share.request.id, response: ShareResponse(id: share.request.id, status: .saved, message: "Saved.", item: item, duplicate: false))
    }
}
