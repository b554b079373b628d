import Foundation
import PostgresNIO
import WallCore

/// The statement `PostgresNewShares` runs, prepared once per connection: a call of
/// `dwall_new_shares` (`PostgresMigrations.v15NewSharesFunction`), which takes the events lock
/// and stores a batch's plainly new shares as new items on their people's own walls, wall lookup
/// included. Its rows are the stored shares' places in the batch (1-based), walls and event
/// numbers, and a row of NULLs per notice it sent. Sent on its own, the call commits by itself.
struct PostgresNewSharesStatement: PostgresFixedStatement {
    /// One share for the call: the job and the rows made of it (its item's wall is the one the
    /// function finds).
    struct Entry {
        var job: PostgresQueuedShare
        var rows: PostgresNewItemRows
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
            let ref = PostgresWallRef(share.wall)
            refKinds.append(ref.kind)
            refs.append(ref.text)
            let item = entry.rows.item
            columns.append(PostgresNullableItemColumns(
                url: item.url, canonicalURL: share.canonicalURL, title: item.title, text: item.text, note: item.userNote,
                tags: item.tags
            ).json)
        }
        let followUps = entries.flatMap { entry in
            entry.rows.jobs.map { (job: $0, item: entry.rows.item.id, priority: entry.rows.priority) }
        }
        query = """
            SELECT n, wall_id, sort_key FROM dwall_new_shares(
                \(entries.map(\.job.userID))::uuid[], \(refKinds)::int[], \(refs)::text[],
                \(entries.map(\.job.share.shareID))::uuid[], \(entries.map(\.job.share.fingerprint))::text[],
                \(entries.map(\.rows.item.id))::uuid[], \(entries.map(\.rows.item.kind.rawValue))::text[],
                \(columns)::jsonb[],
                \(entries.map(\.rows.item.source.rawValue))::text[], \(entries.map(\.rows.item.state.rawValue))::text[],
                \(entries.map { $0.rows.item.sharedAt != nil })::boolean[],
                \(entries.map { $0.rows.item.sharedAt ?? now })::timestamptz[],
                \(entries.map(\.job.document.text))::text[],
                \(followUps.map(\.job.id))::uuid[], \(followUps.map(\.job.kind.rawValue))::text[],
                \(followUps.map(\.item))::uuid[], \(followUps.map { $0.job.payload ?? "" })::text[],
                \(followUps.map(\.priority))::smallint[], \(now)::timestamptz, \(origin.lowercasedText)::text
            )
            """
    }
}
