import Foundation
import PostgresNIO
import WallCore

extension PostgresStore {
    /// One transaction for every file of the share, through the one share write
    /// (`PostgresShareWrite`): all items and their follow-up jobs, or (on any refusal) none.
    public func saveFileShare(_ share: ValidFileShare, userID: UUID, followUps: FollowUpPolicy) async throws -> [ShareOutcome] {
        try await ready.wait()
        let now = self.now
        let logger = logger
        let jobs = share.parts.map { PostgresQueuedShare(share: $0.share, userID: userID, document: SearchDocument(share: $0.share)) }
        let files = share.parts.map { Optional($0.file) }
        let outcomes = try await eventTransactions.run(lockingUser: userID, writePlans: true, prefetch: { connection in
            try await PostgresShareLookup.run(for: jobs, connection, logger: logger)
        }) { connection, lookup, events in
            let write = PostgresShareWrite(connection: connection, followUps: followUps, origin: origin, logger: logger)
            // A refusal throws, and the transaction rolls back whatever the other parts wrote.
            return try await write.write(jobs, files: files, lookup: lookup, now: now, &events).map { try $0.get() }
        }
        if followUps.enqueuedAny(for: outcomes.map { .success($0) }) { jobSignal.notify() }
        return outcomes
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
