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
/// writes the whole preview again (blobs are stored once by their hash).
struct EnrichmentJob: Sendable {
    let store: any WallStore
    let blobs: any BlobStore
    let enricher: LinkEnricher
    let retry: JobRetryPolicy
    let logger: Logger
    var clock: @Sendable () -> Date = Date.init

    /// Registers the `enrich` handler on `runner`, fetching through a guarded fetcher that
    /// refuses private addresses unless `allowPrivateFetch`.
    static func register(
        on runner: JobRunner, store: any WallStore, blobs: any BlobStore, allowPrivateFetch: Bool, logger: Logger
    ) {
        let fetcher = GuardedFetcher(policy: AddressPolicy(allowsPrivate: allowPrivateFetch))
        let job = EnrichmentJob(
            store: store, blobs: blobs, enricher: LinkEnricher(fetcher: fetcher), retry: .standard, logger: logger
        )
        runner.register(.enrich) { try await job.run($0) }
    }

    func run(_ job: Job) async throws {
        guard let itemID = job.itemID, let userID = job.userID,
              let item = try await store.item(id: itemID, userID: userID)
        else { return }  // deleted meanwhile
        guard item.kind == .url, let url = item.url else { return }
        do {
            let (finalURL, metadata) = try await enricher.metadata(of: url)
            var preview = LinkPreview(metadata: metadata, finalURL: finalURL, fetchedAt: clock())
            if let imageURL = metadata.imageURL, let picture = await picture(from: [imageURL], itemID: itemID) {
                preview.imageBlob = picture
                preview.imagePath = "/v1/items/\(itemID.uppercasedText)/link-image"
            }
            if let icon = await picture(from: metadata.iconURLs, itemID: itemID) {
                preview.iconBlob = icon
                preview.iconPath = "/v1/items/\(itemID.uppercasedText)/icon"
            }
            _ = try await store.recordEnrichment(itemID: itemID, userID: userID, state: .ready, preview: preview)
        } catch let failure as FetchError {
            if failure.isTransient, job.attempts < retry.maxAttempts {
                logger.info("Enrichment will retry", metadata: ["item": "\(itemID)", "reason": "\(failure.reason)"])
                throw JobFailure.transient(failure.reason)
            }
            var preview = item.preview ?? LinkPreview()
            preview.failureReason = failure.reason
            preview.fetchedAt = clock()
            _ = try await store.recordEnrichment(itemID: itemID, userID: userID, state: .failed, preview: preview)
        }
    }

    /// The first of `urls` that fetches as a real raster image, stored as a blob; nil if none does.
    private func picture(from urls: [URL], itemID: UUID) async -> StoredPicture? {
        for url in urls {
            do {
                let image = try await enricher.fetchImage(url)
                let upload = try blobs.beginUpload()
                do {
                    try image.body.withUnsafeBytes { try upload.write($0) }
                    let ref = try upload.commit()
                    return StoredPicture(sha256: ref.hash.hex, contentType: image.mediaType)
                } catch {
                    upload.abort()
                    throw error
                }
            } catch {
                logger.debug("Preview picture skipped", metadata: ["item": "\(itemID)", "url": "\(url)", "reason": "\(error)"])
            }
        }
        return nil
    }
}
