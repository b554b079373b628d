import Foundation
import WallCore

extension Delivery {
    /// Settles the outbox entry of a background upload that ended: removed when the server holds
    /// the share, kept for a drain when the error may pass, moved to `failed/` when refused for
    /// good. `nil` when the entry is gone (a drain delivered it first) or another process still
    /// holds it after `patience`.
    ///
    /// A drain looking at the entry holds it only for a moment (one handed to an upload is let
    /// go at once), so a held entry is tried again every 20 ms for up to `patience`; this blocks
    /// the calling thread (the upload session's delegate queue) meanwhile. Given up, the result
    /// is lost and the entry is sent again once its handover expires (stored once: same id).
    public func settleUpload(
        shareID: UUID, response: HTTPResponseMessage?, error: (any Error)?, patience: Duration = .seconds(2)
    ) -> DeliveryResult? {
        guard let claim = claimWaiting(shareID: shareID, patience: patience) else { return nil }
        let sent: Result<ShareResponse, ShareError>
        if let response, error == nil {
            if response.isSuccess {
                sent = ShareAcknowledgement.read(response, shareID: shareID)
            } else {
                sent = .failure(ShareError(response: response))
            }
        } else {
            sent = .failure(ShareError(transportError: error ?? URLError(.badServerResponse)))
        }
        return finish(claim, sent, keepFailures: true)
    }

    /// Claims the pending entry of `shareID`, trying a held one again until `patience` passes.
    private func claimWaiting(shareID: UUID, patience: Duration) -> OutboxClaim? {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while true {
            switch try? outbox.claim(shareID: shareID) {
            case .claimed(let claim)?:
                return claim
            case .busy? where clock.now < deadline:
                Thread.sleep(forTimeInterval: 0.02)
            default:
                return nil
            }
        }
    }
}
