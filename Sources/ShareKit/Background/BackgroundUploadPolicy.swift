import Foundation

/// Which shares are sent by a background upload instead of within the share sheet's few seconds:
/// those whose attachments together exceed `threshold` bytes.
public struct BackgroundUploadPolicy: Sendable, Equatable {
    /// Attachments larger than this (in bytes, together) go in the background.
    public var threshold: Int

    /// How long a background upload owns a share it took over: the session gives up after this
    /// (`timeoutIntervalForResource`), and a drain takes the share back only once it has passed,
    /// so the handover is one way and nothing is uploaded twice.
    public var handoverLifetime: Duration

    /// Makes a policy.
    public init(threshold: Int, handoverLifetime: Duration = .seconds(24 * 3_600)) {
        self.threshold = threshold
        self.handoverLifetime = handoverLifetime
    }

    /// 2 MB: about what a phone on a weak connection sends in the share sheet's budget; a day for
    /// a background upload to finish.
    public static let standard = BackgroundUploadPolicy(threshold: 2 * 1_048_576)

    /// The handover lifetime in seconds, for `URLSessionConfiguration.timeoutIntervalForResource`.
    public var handoverLifetimeSeconds: Double {
        Double(handoverLifetime.components.seconds) + Double(handoverLifetime.components.attoseconds) / 1e18
    }

    /// Whether a background upload still owns `entry` at `now`: it was handed over less than
    /// `handoverLifetime` ago (a mark as far in the future, after the clock was set back, has expired too).
    public func isHandedOver(_ entry: OutboxEntry, now: Date) -> Bool {
        guard let handedOverAt = entry.handedOverAt else { return false }
        return abs(now.timeIntervalSince(handedOverAt)) < handoverLifetimeSeconds
    }

    /// Whether `share` goes in the background. A file whose size can't be read counts as large.
    public func isLarge(_ share: PendingShare) -> Bool {
        var total = 0
        for attachment in share.attachments {
            switch attachment.source {
            case .data(let data): total += data.count
            case .file(let url):
                guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int else { return true }
                total += size
            }
        }
        return total > threshold
    }
}
