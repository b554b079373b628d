/// The local notification to post after the outbox was drained in the background: only when
/// something queued has now arrived, or was refused.
public struct DeliveryNotice: Sendable, Equatable {
    /// The notification's title.
    public var title: String
    /// Its body.
    public var body: String

    /// Makes a notice.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// The notice for a drain's report; `nil` when there is nothing to tell.
    public init?(report: DrainReport) {
        let delivered = report.progress.delivered
        let refused = report.refused.count
        guard delivered > 0 || refused > 0 else { return nil }
        if delivered > 0 {
            title = delivered == 1 ? "Your share is on your wall" : "\(delivered) shares are on your wall"
        } else {
            title = refused == 1 ? "A share could not be saved" : "\(refused) shares could not be saved"
        }
        var lines: [String] = []
        if delivered > 0 { lines.append("Saved while you were away.") }
        if delivered > 0, refused > 0 { lines.append(refused == 1 ? "1 share was refused." : "\(refused) shares were refused.") }
        if delivered == 0 { lines.append("Open Digital Wall to see why.") }
        if report.remaining > 0 { lines.append("\(report.remaining) still waiting.") }
        body = lines.joined(separator: " ")
    }
}
