import Metrics
import WallStore

/// The product's own counters, next to the per-route request metrics.
struct WallMetrics: Sendable {
    let sharesSaved: Counter
    let duplicates: Counter
    let replays: Counter

    init(factory: any MetricsFactory) {
        sharesSaved = Counter(label: "dwall_shares_saved_total", factory: factory)
        duplicates = Counter(label: "dwall_shares_duplicate_total", factory: factory)
        replays = Counter(label: "dwall_shares_replayed_total", factory: factory)
    }

    /// Counts one answered share by how it was taken.
    func count(_ outcome: ShareOutcome) {
        switch outcome.kind {
        case .created: sharesSaved.increment()
        case .duplicate: duplicates.increment()
        case .replayed: replays.increment()
        }
    }
}
