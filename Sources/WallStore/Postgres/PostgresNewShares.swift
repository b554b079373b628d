import Foundation
import Logging
import PostgresNIO
import WallCore

/// A batch's plainly new shares, stored in one prepared statement (`PostgresNewSharesStatement`)
/// sent on its own: the whole transaction, events lock included, in one wait, so the lock is
/// never held while the replica reads rows or plans. At load, nearly every share is a new item
/// on its person's own wall. The others (a replay, a link already on the wall, a shared or
/// unknown wall) write nothing here and are left to the batch path, as are the later of two
/// shares in the batch with one share id or one link on one wall (the batch path then sees the
/// first stored).
struct PostgresNewShares {
    let connection: PostgresConnection
    let followUps: FollowUpPolicy
    let origin: UUID
    let logger: Logger

    /// The places in `jobs` this path may try: wall references that can name a stored wall, each
    /// share id and each link of a wall reference once per person (the first of them).
    static func candidates(_ jobs: [PostgresQueuedShare]) -> [Int] {
        var shareIDs = Set<String>()
        var links = Set<String>()
        var chosen: [Int] = []
        for (index, job) in jobs.enumerated() where PostgresLoneShare.applies(to: job) {
            let person = job.userID.lowercasedText
            let ref = PostgresWallRef(job.share.wall)
            let wall = "\(ref.kind) \(ref.text)"
            guard shareIDs.insert(person + " " + job.share.shareID.lowercasedText).inserted else { continue }
            if let link = job.share.canonicalURL, !links.insert(person + " " + wall + " " + link).inserted { continue }
            chosen.append(index)
        }
        return chosen
    }

    /// Stores each of `jobs` that is plainly new as a new item at `now`, announcing their events
    /// when the call commits; returns, by place in `jobs`, the items stored and their events' seqs.
    func create(_ jobs: [PostgresQueuedShare], now: Date) async throws -> [Int: (item: Item, seq: Int64)] {
        // Each wall is found by the statement; each item is made for it as the batch path makes it.
        let entries = jobs.map {
            PostgresNewSharesStatement.Entry(job: $0, rows: PostgresNewItemRows($0.share, now: now, followUps: followUps))
        }
        let statement = PostgresNewSharesStatement(entries: entries, origin: origin, now: now)
        var stored: [Int: (item: Item, seq: Int64)] = [:]
        for try await row in try await connection.run(statement, logger: logger) {
            let cells = row.makeRandomAccess()
            guard let place = try cells["n"].decode(Int64?.self) else { continue }  // a notice's row
            let index = Int(place) - 1
            guard entries.indices.contains(index) else { throw CorruptRow(detail: "a new share's place out of range") }
            var item = entries[index].rows.item
            item.wallId = try cells["wall_id"].decode(UUID.self)
            stored[index] = (item, try cells["sort_key"].decode(Int64.self))
        }
        return stored
    }
}
