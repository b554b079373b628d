import Foundation
import Logging
import WallCore
import WallEnrich
import WallStore

/// The `enrich` job's handler: fetches a link item's page through the guarded fetcher, stores
/// its preview image and icon as blobs (fetched through the same guard), and records its
/// preview (`ready`) or why it failed (`failed`, with a reason a person can read).
///
/// A transient failure (a timeout, a 503) is thrown so the job queue retries it with backoff
/// while the item stays `pending`; on the last attempt, and at once for a permanent failure
/// (a 404, a refused address, not a web page), the item becomes `failed` and the job ends.
/// A picture that can't be fetched is simply left out. Running twice is harmless: each run
/// writes the whole preview again (blobs are stored once by their hash). Of two jobs of one item
/// (a repeated share with a new snapshot, a refresh), the later one's result stands, whichever
/// fetch ends last (`requestedAt`).
///
/// A share that carried a page snapshot (the page as the person's browser showed it) names it
/// in the job's payload: its readable text and title then come from the snapshot, read through
/// the same extraction (`SnapshotReader`), and are marked `page_snapshot`. The page is still
/// fetched for what the snapshot lacks (image, site name, icon), but a failed fetch neither
/// holds the card back nor fails it: the card keeps the snapshot's text, searchable, at once.
/// With `fetches` off (link previews off) only snapshots are read and nothing is fetched. An
/// item whose text came from a snapshot keeps it when its page is fetched again (a refresh).
struct EnrichmentJob: Sendable {
    let store: any WallStore
    let blobs: any BlobStore
    let enricher: LinkEnricher
    let retry: JobRetryPolicy
    let logger: Logger
    /// Whether the page is fetched (link previews on); off, only page snapshots are read.
    var fetches = true
    var clock: @Sendable () -> Date = Date.init

    /// Registers the `enrich` handler on `runner`, fetching through a guarded fetcher that
    /// refuses private addresses unless `allowPrivateFetch`.
    static func register(
        on runner: JobRunner, store: any WallStore, blobs: any BlobStore, fetches: Bool = true,
        allowPrivateFetch: Bool, logger: Logger
    ) {
        let fetcher = GuardedFetcher(policy: AddressPolicy(allowsPrivate: allowPrivateFetch))
        let job = EnrichmentJob(
            store: store, blobs: blobs, enricher: LinkEnricher(fetcher: fetcher), retry: .standard, logger: logger,
            fetches: fetches
        )
        runner.register(.enrich) { try await job.run($0) }
    }

    func run(_ job: Job) async throws {
        guard let itemID = job.itemID, let userID = job.userID,
              let item = try await store.item(id: itemID, userID: userID)
        else { return }  // deleted meanwhile
        guard item.kind == .url, let url = item.url else { return }
        let snapshot = try await PageSnapshotStash(blobs: blobs).snapshot(for: job.payload)
        var seen = snapshot.flatMap { snapshot in
            URL(string: url).map { SnapshotReader.metadata(of: snapshot, pageURL: $0) }
        }
        var selection = snapshot?.selection
        if seen == nil, let kept = try await keptSnapshot(of: item, userID: userID) {
            seen = kept
            // As it keeps the title, a refresh keeps the card's description: it may be the
            // passage the person selected, which the site's own description would replace.
            selection = item.preview?.description
        }
        guard fetches else {
            guard let seen else { return }
            let preview = Self.preview(seen: seen, selection: selection, fetched: item.preview?.withoutFailure)
            try await record(.ready, preview, of: job)
            return
        }
        do {
            let (finalURL, metadata) = try await enricher.metadata(of: url)
            var preview = LinkPreview(metadata: metadata, finalURL: finalURL, fetchedAt: clock())
            if let seen { preview = Self.preview(seen: seen, selection: selection, fetched: preview) }
            let imageURLs = [metadata.imageURL ?? seen?.imageURL].compactMap { $0 }
            if let picture = await picture(from: imageURLs, itemID: itemID) {
                preview.imageBlob = picture
                preview.imagePath = "/v1/items/\(itemID.uppercasedText)/link-image"
            }
            if let icon = await picture(from: metadata.iconURLs, itemID: itemID) {
                preview.iconBlob = icon
                preview.iconPath = "/v1/items/\(itemID.uppercasedText)/icon"
            }
            try await record(.ready, preview, of: job)
        } catch let failure as FetchError {
            if let seen {
                // The person's own copy of the page is the card; the fetch only added extras.
                logger.info("Page fetch failed; the page snapshot stands", metadata: ["item": "\(itemID)", "reason": "\(failure.reason)"])
                let preview = Self.preview(seen: seen, selection: selection, fetched: item.preview?.withoutFailure)
                try await record(.ready, preview, of: job)
                return
            }
            if failure.isTransient, job.attempts < retry.maxAttempts {
                logger.info("Enrichment will retry", metadata: ["item": "\(itemID)", "reason": "\(failure.reason)"])
                throw JobFailure.transient(failure.reason)
            }
            var preview = item.preview ?? LinkPreview()
            preview.failureReason = failure.reason
            preview.fetchedAt = clock()
            try await record(.failed, preview, of: job)
        }
    }

    /// Records `preview` for `job`'s item, stamped with when the job was asked for, so that an
    /// older job of the same item whose fetch ends later does not write over it.
    private func record(_ state: ItemState, _ preview: LinkPreview, of job: Job) async throws {
        guard let itemID = job.itemID, let userID = job.userID else { return }
        var preview = preview
        preview.requestedAt = job.createdAt
        _ = try await store.recordEnrichment(itemID: itemID, userID: userID, state: state, preview: preview)
    }

    /// What an earlier page snapshot left on the item (its title and readable text; the caller
    /// keeps its description), so that fetching the page again (a refresh) keeps what the person
    /// saw rather than what the site shows a server (a sign-in or paywall page), or a failure
    /// when the site is away.
    private func keptSnapshot(of item: Item, userID: UUID) async throws -> PageMetadata? {
        guard let preview = item.preview, preview.readableTextSource == LinkPreview.pageSnapshotSource,
              let text = try await store.readableText(itemID: item.id, userID: userID)
        else { return nil }
        return PageMetadata(
            title: preview.title, canonicalURL: preview.canonicalUrl.flatMap(URL.init(string:)), readableText: text
        )
    }

    /// The card from a page snapshot (`seen`), over what a fetch found (if anything): the
    /// snapshot's title and readable text win, the selection (if any) is the description, and
    /// the fetch fills in what the snapshot lacks.
    static func preview(seen: PageMetadata, selection: String?, fetched: LinkPreview?) -> LinkPreview {
        var preview = fetched ?? LinkPreview()
        preview.title = seen.title ?? preview.title
        preview.description = selection.map { String($0.prefix(Limits.maxPreviewFieldLength)) }
            ?? preview.description ?? seen.description
        preview.siteName = preview.siteName ?? seen.siteName
        preview.canonicalUrl = seen.canonicalURL?.absoluteString ?? preview.canonicalUrl
        preview.author = preview.author ?? seen.author
        preview.published = preview.published ?? seen.published
        if let text = seen.readableText {
            preview.readableText = text
            preview.readableTextSource = LinkPreview.pageSnapshotSource
        }
        return preview
    }

    /// The first of `urls` that fetches as a real raster image, stored as a blob; nil if none does.
    private func picture(from urls: [URL], itemID: UUID) async -> StoredPicture? {
        for url in urls {
            do {
                let image = try await enricher.fetchImage(url)
                let ref = try await blobs.store(image.body)
                return StoredPicture(sha256: ref.hash.hex, contentType: image.mediaType)
            } catch {
                logger.debug("Preview picture skipped", metadata: ["item": "\(itemID)", "url": "\(url)", "reason": "\(error)"])
            }
        }
        return nil
    }
}

extension LinkPreview {
    /// This preview without a failure reason (what an earlier fetch found stays).
    fileprivate var withoutFailure: LinkPreview {
        var preview = self
        preview.failureReason = nil
        return preview
    }
}
