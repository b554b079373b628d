import Foundation
import WallCore

extension Delivery {
    /// Settles the outbox entry of a background upload that ended: removed when the server holds
    /// the share, kept for a drain when the error may pass, moved to `failed/` when refused for
    /// good. `nil` when the entry is gone (a drain delivered it first) or another process holds it.
    public func settleUpload(shareID: UUID, response: HTTPResponseMessage?, error: (any Error)?) -> DeliveryResult? {
        guard case .claimed(let claim)? = try? outbox.claim(shareID: shareID) else { return nil }
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
}
