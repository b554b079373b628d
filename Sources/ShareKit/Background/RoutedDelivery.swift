import Foundation
import WallCore

/// The share extension's delivery: small shares are sent at once (`Delivery.deliver`); large ones
/// are stored in the outbox and handed to a background upload, which finishes after the sheet
/// closes (its result settles the entry: `Delivery.settleUpload`). If the upload can't start, the
/// share simply waits in the outbox for the app's next drain.
public struct RoutedDelivery<C: Clock>: ShareDelivering where C.Duration == Duration {
    /// Sends and stores.
    public var delivery: Delivery<C>
    /// Which shares are large.
    public var policy: BackgroundUploadPolicy
    /// Starts background uploads.
    public var uploader: any BackgroundUploading
    /// Where upload bodies are written (in the App Group, so the app can clean up).
    public var uploadsDirectory: URL

    /// Makes a routed delivery.
    public init(delivery: Delivery<C>, policy: BackgroundUploadPolicy, uploader: any BackgroundUploading, uploadsDirectory: URL) {
        self.delivery = delivery
        self.policy = policy
        self.uploader = uploader
        self.uploadsDirectory = uploadsDirectory
    }

    /// Sends the small shares within `budget` and queues the large ones for background upload;
    /// results come back in the order given.
    public func deliver(_ shares: [PendingShare], within budget: Duration) async -> [DeliveryResult] {
        let large = shares.map(policy.isLarge)
        let small = zip(shares, large).filter { !$0.1 }.map(\.0)
        var sent = await delivery.deliver(small, within: budget).makeIterator()
        var results: [DeliveryResult] = []
        for (share, isLarge) in zip(shares, large) {
            if isLarge, isHandedOver(share.request.id) {
                // "Try Again" after a small share failed: the upload has this one; leave it to it.
                results.append(.queued(shareID: share.request.id, reason: nil))
            } else if isLarge {
                let queued = delivery.queue([share])[0]
                if queued.isStored { startUpload(shareID: share.request.id) }
                results.append(queued)
            } else if let result = sent.next() {
                results.append(result)
            }
        }
        return results
    }

    /// Takes queued shares back out of the outbox.
    public func withdraw(shareIDs: [UUID]) async { await delivery.withdraw(shareIDs: shareIDs) }

    /// Whether a background upload owns the share already (it is in the outbox, handed over
    /// within the handover's lifetime, or held by the upload settling it right now).
    private func isHandedOver(_ shareID: UUID) -> Bool {
        switch try? delivery.outbox.claim(shareID: shareID) {
        case .claimed(let claim)?:
            defer { try? claim.release(recording: nil) }
            return delivery.handover.isHandedOver(claim.entry, now: delivery.now())
        case .busy?: return true
        default: return false
        }
    }

    /// Writes the body of a queued share, hands the share over to a background upload (so no
    /// drain sends it too) and starts the upload; if the upload can't start, takes the share back
    /// for a drain.
    private func startUpload(shareID: UUID) {
        guard case .claimed(let claim)? = try? delivery.outbox.claim(shareID: shareID) else { return }
        let bodyFile = MultipartFileWriter.bodyFile(for: shareID, in: uploadsDirectory)
        let request: HTTPRequestMessage
        do {
            request = try delivery.client.uploadRequest(claim.entry.share, files: claim.uploads, bodyFile: bodyFile)
            try claim.handOver(at: delivery.now())
        } catch {
            try? claim.release(recording: nil)
            try? FileManager.default.removeItem(at: bodyFile)
            return
        }
        do {
            try uploader.startUpload(request, bodyFile: bodyFile, shareID: shareID)
        } catch {
            try? FileManager.default.removeItem(at: bodyFile)
            if case .claimed(let again)? = try? delivery.outbox.claim(shareID: shareID) { try? again.takeBack() }
        }
    }
}
