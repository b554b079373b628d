import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    /// One transaction for every file of the share: all items and their follow-up jobs, or (on
    /// any refusal) none.
    public func saveFileShare(_ share: ValidFileShare, userID: UUID, followUps: FollowUpPolicy) async throws -> [ShareOutcome] {
        let now = self.now
        let outcomes = try await writeEvents(lockingUser: userID) { connection, events in
            var outcomes: [ShareOutcome] = []
            for part in share.parts {
                if let replay = try await replay(part.share, userID: userID, connection) {
                    outcomes.append(replay)
                    continue
                }
                let access = try await PostgresWallAccessSQL.require(part.share.wall, actor: userID, connection, logger: logger)
                try access.requirePost()
                let owner = access.ownerID
                let wallID = access.wallID
                var item = part.share.fileItem(part.file, id: UUID.timeOrdered(at: now), wallID: wallID, at: now)
                if let addedBy = access.addedBy {
                    item.addedBy = try await PostgresWallAccessSQL.username(id: addedBy, connection, logger: logger)
                }
                let seq = try await events.record(.created, item: item, userID: owner, at: now, connection, logger: logger)
                let document = SearchDocument(item: item).text
                let fileText = try ItemFileColumn.encode(item.file)
                try await connection.query("""
                    INSERT INTO items (id, user_id, wall_id, kind, url, canonical_url, title, text, note, tags, source,
                                       state, shared_at, created_at, updated_at, sort_key, search, file, added_by)
                    VALUES (\(item.id), \(owner), \(wallID), \(item.kind.rawValue), \(item.url), NULL,
                            \(item.title), \(item.text), \(item.userNote), \(item.tags), \(item.source.rawValue),
                            \(item.state.rawValue), \(item.sharedAt), \(now), \(now), \(seq),
                            to_tsvector('dwall_search', \(document)), \(fileText), \(access.addedBy))
                    """, logger: logger)
                try await connection.query("""
                    INSERT INTO share_receipts (user_id, share_id, item_id, fingerprint, duplicate, created_at)
                    VALUES (\(userID), \(part.share.shareID), \(item.id), \(part.share.fingerprint), false, \(now))
                    """, logger: logger)
                let kinds = followUps.jobs(for: item.kind).map(\.rawValue)
                if !kinds.isEmpty {
                    let jobIDs = kinds.map { _ in UUID.timeOrdered(at: now) }
                    let priority = followUps.priority(for: item.source).rawValue
                    try await connection.query("""
                        INSERT INTO jobs (id, kind, item_id, user_id, priority, state, attempts, run_at, created_at, updated_at)
                        SELECT f.id, f.kind, \(item.id), \(owner), \(priority), 'queued', 0, \(now), \(now), \(now)
                        FROM unnest(\(jobIDs)::uuid[], \(kinds)::text[]) AS f (id, kind)
                        """, logger: logger)
                    try await PostgresJobQueue.notify(connection, logger: logger)
                }
                outcomes.append(ShareOutcome(kind: .created, item: item))
            }
            return outcomes
        }
        if followUps.enqueuedAny(for: outcomes.map { .success($0) }) { jobSignal.notify() }
        return outcomes
    }

    /// The earlier answer for a part's share id, if it was stored before.
    private func replay(_ share: ValidShare, userID: UUID, _ connection: PostgresConnection) async throws -> ShareOutcome? {
        let rows = try await connection.query("""
            SELECT fingerprint, duplicate, item_id FROM share_receipts
            WHERE user_id = \(userID) AND share_id = \(share.shareID)
            """, logger: logger)
        guard let row = try await rows.first()?.makeRandomAccess() else { return nil }
        let receipt = KnownReceipt(
            fingerprint: try row["fingerprint"].decode(String.self), duplicate: try row["duplicate"].decode(Bool.self),
            item: try await PostgresItemSQL.fetch(
                id: try row["item_id"].decode(UUID.self), userID: userID, connection, logger: logger
            )
        )
        return try ShareRules.replay(of: share, receipt: receipt)
    }

    /// Writes what processing made of an item's file (renditions, size, text for search, state).
    public func updateItemFile(
        id: UUID, userID: UUID, file: ItemFile, text: String?, state: ItemState
    ) async throws -> Item? {
        let now = self.now
        return try await writeEvents { connection, events in
            guard let stored = try await PostgresItemSQL.fetch(id: id, userID: userID, connection, logger: logger) else {
                return nil
            }
            let write = ItemFileWrite(applying: file, text: text, state: state, at: now, to: stored)
            let item = write.item
            let document = SearchDocument(item: item).text
            let found = write.foundText.map { SearchDocument.found(text: $0).text }
            let fileColumn = try ItemFileColumn.encode(file)
            try await connection.query("""
                UPDATE items SET file = \(fileColumn), text = \(item.text), state = \(state.rawValue), updated_at = \(now),
                    preview_search = coalesce(found.words, preview_search),
                    search = to_tsvector('dwall_search', \(document)) || coalesce(found.words, preview_search, ''::tsvector)
                FROM (SELECT to_tsvector('dwall_search', \(found)) AS words) AS found
                WHERE items.id = \(id)
                """, logger: logger)
            try await events.record(.updated, item: item, userID: userID, at: now, connection, logger: logger)
            return item
        }
    }

    /// Reads every item's file column and collects the hashes it names.
    public func referencedBlobHashes() async throws -> Set<String> {
        try await ready.wait()
        let rows = try await client.query("SELECT file FROM items WHERE file IS NOT NULL", logger: logger)
        var hashes = Set<String>()
        for try await text in rows.decode(String.self) {
            if let file = try ItemFileColumn.decode(text) { hashes.formUnion(file.blobHashes) }
        }
        let previews = try await client.query("SELECT preview FROM items WHERE preview IS NOT NULL", logger: logger)
        for try await text in previews.decode(String.self) {
            if let preview = try PreviewColumn.decode(text) { hashes.formUnion(preview.blobHashes) }
        }
        // Page snapshots waiting for their item's enrich job.
        let payloads = try await client.query(
            "SELECT payload FROM jobs WHERE kind = 'enrich' AND payload IS NOT NULL", logger: logger
        )
        for try await payload in payloads.decode(String.self) {
            if let snapshot = EnrichPayload(stored: payload) { hashes.insert(snapshot.pageSnapshot) }
        }
        return hashes
    }
}
