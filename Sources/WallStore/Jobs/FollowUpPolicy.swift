import WallCore

/// Which jobs a new item gets, enqueued in the same transaction as the share that made it.
///
/// Given to a store when it is opened. Only shares that create an item enqueue follow-ups (a
/// repeated link or a replayed share id does not). The jobs run at `.interactive` priority,
/// except for shares from `bulkSources` (an import), whose jobs run at `.bulk` so they never
/// hold up what people share meanwhile. The default is `.none`: nothing is enqueued.
public struct FollowUpPolicy: Sendable, Equatable {
    /// The kinds of job each kind of item gets, in this order.
    public var kinds: [ItemKind: [JobKind]]
    /// The sources whose shares get `.bulk` follow-ups.
    public var bulkSources: Set<ShareSource>

    /// Makes a policy, e.g. `FollowUpPolicy([.url: [.enrich], .image: [.thumbnail]])`.
    public init(_ kinds: [ItemKind: [JobKind]], bulkSources: Set<ShareSource> = [.import]) {
        self.kinds = kinds
        self.bulkSources = bulkSources
    }

    /// No follow-up jobs.
    public static let none = FollowUpPolicy([:])

    /// The jobs an item of this kind gets.
    public func jobs(for kind: ItemKind) -> [JobKind] { kinds[kind] ?? [] }

    /// The priority of the follow-ups of a share from `source`.
    public func priority(for source: ShareSource) -> JobPriority {
        bulkSources.contains(source) ? .bulk : .interactive
    }
}

extension FollowUpPolicy {
    /// Whether a batch of share results enqueued any follow-up job.
    func enqueuedAny(for results: [Result<ShareOutcome, any Error>]) -> Bool {
        return results.contains { result in
            guard case .success(let outcome) = result else { return false }
            switch outcome.kind {
            case .created: return !jobs(for: outcome.item.kind).isEmpty || outcome.item.state == .pending
            // A known link whose new page snapshot is to be read.
            case .duplicate: return outcome.item.state == .pending
            case .replayed: return false
            }
        }
    }
}

extension FollowUpPolicy {
    /// The jobs a new item made by `share` gets: the policy's for its kind, and an `enrich` job
    /// whenever the share carries a page snapshot to read (even with link previews off).
    func jobs(for share: ValidShare) -> [JobKind] {
        let kinds = jobs(for: share.kind)
        guard share.enrichPayload != nil, !kinds.contains(.enrich) else { return kinds }
        return kinds + [.enrich]
    }

    /// The payload of the follow-up job of `kind` for `share`.
    func payload(for kind: JobKind, of share: ValidShare) -> String? {
        kind == .enrich ? share.enrichPayload : nil
    }
}
