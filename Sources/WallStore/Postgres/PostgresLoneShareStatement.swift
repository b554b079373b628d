import Foundation
import PostgresNIO
import WallCore

/// The statement `PostgresLoneShare` runs, prepared once per connection: a call of
/// `dwall_lone_share` (`PostgresMigrations.v13LoneShareFunction`), which takes the events lock
/// and stores a batch's only share as a new item on one of its person's own walls, wall lookup
/// included, when it is plainly new; its one row is then the wall and the event number, else it
/// writes nothing and returns no row, and the caller takes the share through the batch path.
/// Sent on its own, the call commits by itself: the whole transaction in one wait.
struct PostgresLoneShareStatement: PostgresFixedStatement {
    /// Its name on the connection, fixed (PostgresNIO's default reflects the type on every call).
    static let name = "dwall_lone_share"
    static let sql = Self(
        userID: UUID(), wallRef: nil, shareID: UUID(), fingerprint: "", canonicalURL: nil,
        item: Item(id: UUID(), kind: .text, wallId: UUID(), source: .api, createdAt: Date(), updatedAt: Date()),
        document: "", jobs: [], priority: 0, origin: UUID(), now: Date()
    ).query.sql

    let query: PostgresQuery

    /// `item`: the new item as `ShareRules.newItem` makes it (its wall is the one found here);
    /// `wallRef`: the share's wall (an id or a slug, nil for the default wall); `jobs`: the item's
    /// follow-up jobs (id, kind, payload or nil); `origin`: this replica, named in the notice.
    init(
        userID user: UUID, wallRef: String?, shareID: UUID, fingerprint: String, canonicalURL: String?, item: Item,
        document: String, jobs: [(id: UUID, kind: JobKind, payload: String?)], priority: Int16, origin: UUID, now: Date
    ) {
        let wallID = wallRef.flatMap(UUID.init(text:))
        let slug = wallID == nil ? wallRef?.lowercased() : nil
        query = """
            SELECT wall_id, sort_key FROM dwall_lone_share(
                \(user)::uuid, \(wallID)::uuid, \(slug)::text, \(shareID)::uuid, \(fingerprint)::text,
                \(canonicalURL)::text, \(item.id)::uuid, \(item.kind.rawValue)::text, \(item.url)::text,
                \(item.title)::text, \(item.text)::text, \(item.userNote)::text, \(item.tags)::text[],
                \(item.source.rawValue)::text, \(item.state.rawValue)::text, \(item.sharedAt)::timestamptz,
                \(now)::timestamptz, \(document)::text, \(jobs.map(\.id))::uuid[], \(jobs.map(\.kind.rawValue))::text[],
                \(jobs.map { $0.payload ?? "" })::text[], \(priority)::smallint, \(origin.lowercasedText)::text
            )
            """
    }
}
