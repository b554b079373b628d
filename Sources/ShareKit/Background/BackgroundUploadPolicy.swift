import Foundation

/// Which shares are sent by a background upload instead of within the share sheet's few seconds:
/// those whose attachments together exceed `threshold` bytes.
public struct BackgroundUploadPolicy: Sendable, Equatable {
    /// Attachments larger than this (in bytes, together) go in the background.
    public var threshold: Int

    /// Makes a policy.
    public init(threshold: Int) { self.threshold = threshold }

    /// 2 MB: about what a phone on a weak connection sends in the share sheet's budget.
    public static let standard = BackgroundUploadPolicy(threshold: 2 * 1_048_576)

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
