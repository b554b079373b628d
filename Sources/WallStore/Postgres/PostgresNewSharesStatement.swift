import Foundation
import PostgresNIO
import WallCore

/// The statement `PostgresNewShares` runs, prepared once per connection: a call of
/// `dwall_new_shares` (`PostgresMigrations.v15NewSharesFunction`), which takes the events lock
/// and stores a batch's plainly new shares as new items on their people's own walls, wall lookup
/// included. Its rows are the stored shares' places in the batch (1-based), walls and event
/// numbers, and a row of NULLs per notice it sent. Sent on its own, the call commits by itself.
struct PostgresNewSharesStatement: PostgresFixedStatement {
    /// One share for the call: the job and the item `ShareRules.newItem` made of it (its wall is
    /// the one the function finds).
    struct Entry {
        var job: PostgresQueuedShare
        var item: Item
        var jobs: [(id: UUID, kind: JobKind, payload: String?)]
        var priority: Int16
    }

    /// Its name on the connection, fixed (PostgresNIO's default reflects the type on every call).
    static let name = "dwall_new_shares"
    static let sql = Self(entries: [], origin: UUID(), now: Date()).query.sql

    let query: PostgresQuery

    /// `origin`: this replica, named in the notice.
    init(entries: [Entry], origin: UUID, now: Date) {
        var refKinds: [Int] = []
        var refs: [String] = []
        var columns: [String] = []
        for entry in entries {
            let share = entry.job.share
            if let ref = share.wall, let id = UUID(text: ref) {
                refKinds.append(1)
                refs.append(id.lowercasedText)
            } else if let ref = share.wall {
                refKinds.append(2)
                refs.append(ref.lowercased())
            } else {
                refKinds.append(0)
                refs.append("")
            }
            let item = entry.item
            columns.append(PostgresNullableItemColumns(
                url: item.url, canonicalURL: share.canonicalURL, title: item.title, text: item.text, note: item.userNote,
                tags: item.tags
            ).json)
        }
        let followUps = entries.flatMap { entry in entry.jobs.map { (job: $0, item: entry.item.id, priority: entry.priority) } }
        query = """
            SELECT n, wall_id, sort_key FROM dwall_new_shares(
                \(entries.map(\.job.userID))::uuid[], \(refKinds)::int[], \(refs)::text[],
                \(entries.map(\.job.share.shareID))::uuid[], \(entries.map(\.job.share.fingerprint))::text[],
                \(entries.map(\.item.id))::uuid[], \(entries.map(\.item.kind.rawValue))::text[], \(columns)::jsonb[],
                \(entries.map(\.item.source.rawValue))::text[], \(entries.map(\.item.state.rawValue))::text[],
                \(entries.map { $0.item.sharedAt != nil })::boolean[],
                \(entries.map { $0.item.sharedAt ?? now })::timestamptz[], \(entries.map(\.job.document.text))::text[],
                \(followUps.map(\.job.id))::uuid[], \(followUps.map(\.job.kind.rawValue))::text[],
                \(followUps.map(\.item))::uuid[], \(followUps.map { $0.job.payload ?? "" })::text[],
                \(followUps.map(\.priority))::smallint[], \(now)::timestamptz, \(origin.lowercasedText)::text
            )
            """
    }
}
