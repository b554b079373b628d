import Foundation
import Logging
import ServiceLifecycle
import WallCore
import WallMedia
import WallStore

/// The application core over one store, made once at start-up: the use cases the HTTP API and
/// the web wall only translate, and the background work that runs beside them (the store's own
/// service, the blob sweeper, the pruner, the job runners with the `thumbnail`, `enrich` and
/// `recognize` handlers).
public struct AppServices: Sendable {
    /// Where everything is kept.
    public let store: any WallStore
    /// Where file bytes, renditions, preview pictures and page snapshots are kept.
    public let blobs: any BlobStore
    /// Which blob store that is.
    public let blobLocation: BlobStoreLocation
    /// Users, passwords and tokens.
    public let accounts: Accounts
    /// Saving link and text shares (with their page snapshots).
    public let shares: ShareSaver
    /// Fetching a link's page again.
    public let refresher: LinkRefresher
    /// Moving a wall up or down the switcher.
    public let wallMover: WallMover
    /// Import batches (`POST /v1/import`, the settings page).
    public let imports: ImportRunner
    /// Whole archives with their files (`POST /v1/import/archive`).
    public let archiveImports: ArchiveImport
    /// What an export holds.
    public let exporter: Exporter
    /// The jobs new image and file items get (`thumbnail`), enqueued in the share's transaction.
    public let fileFollowUps = FollowUpPolicy([.image: [.thumbnail], .file: [.thumbnail]])
    /// Run queued jobs with the handlers registered here: thumbnails, and link previews.
    public let jobRunners: [JobRunner]
    /// The store's own background work (PostgreSQL's connections), if any: the first service to
    /// start and, services stopping in reverse order, the last to stop.
    public let storeService: (any Service)?
    /// The core's background work: the blob sweeper and the pruner, then the job runners and,
    /// with recognition on, its catch-up.
    public let background: [any Service]

    /// Opens the store and the blob store and registers the job handlers; nothing runs until
    /// the services do.
    public init(_ settings: AppSettings, logger: Logger) throws {
        // Before the store opens: an OCR language that is not installed refuses the start.
        let recognizer = try settings.ocrLanguages.map { try TextRecognizer(languages: $0) }
        // Work that follows a share (`JobQueue`): which new items get which jobs, in the share's
        // transaction. Pair each kind named here (and in `fileFollowUps`) with a handler below.
        let followUps = FollowUpPolicy(settings.linkPreviews ? [.url: [.enrich]] : [:])
        let store = try StoreOpener.open(settings.location, logger: logger, followUps: followUps)
        let (blobLocation, keptFolder) = BlobStoreOpener.resolve(settings.blobStore, location: settings.location)
        if keptFolder {
            logger.notice(
                "Files stay in the data folder, which holds files from before the PostgreSQL blob store: to share them between replicas, run `dwall blobs migrate --from folder --to postgres` and start with --blob-store postgres"
            )
        }
        let blobs = try BlobStoreOpener.open(blobLocation, store: store, location: settings.location)
        logger.info("Files are kept in the \(blobLocation) blob store")
        self.store = store
        self.blobs = blobs
        self.blobLocation = blobLocation
        accounts = Accounts(store: store, hasher: PasswordHasher(cost: settings.bcryptCost))
        shares = ShareSaver(store: store, snapshots: PageSnapshotStash(blobs: blobs))
        wallMover = WallMover(store: store)
        refresher = LinkRefresher(store: store, linkPreviews: settings.linkPreviews, recognizes: recognizer != nil)
        imports = ImportRunner(store: store)
        archiveImports = ArchiveImport(store: store, blobs: blobs, maxBlobBytes: settings.maxUploadBytes)
        exporter = Exporter(store: store)
        jobRunners = Self.jobRunners(store: store, blobs: blobs, settings: settings, recognizer: recognizer, logger: logger)
        storeService = store.service
        // Pictures and PDFs from before recognition (or from while it was off) get their jobs.
        let catchUp: [any Service] = recognizer == nil ? [] : [RecognitionCatchUp(store: store, logger: logger)]
        background = [
            Self.blobSweeper(store: store, blobs: blobs, logger: logger),
            Self.pruner(store: store, retention: settings.retention, logger: logger),
        ] + jobRunners + catchUp
    }

    /// Probes a blob store that does not live in the database (`BlobStoreProbe`), so the server
    /// refuses to start, with one line saying why, before its services start; the PostgreSQL
    /// blob store is probed by `checkDatabaseBlobStore`.
    public func checkBlobStoreBeforeStarting() async throws {
        guard blobLocation != .postgres else { return }
        try await BlobStoreProbe.check(blobs, location: blobLocation)
    }

    /// Probes the PostgreSQL blob store (`BlobStoreProbe`), which needs its database running:
    /// the server calls it once its services have started and before it listens (Hummingbird's
    /// `beforeServerStarts`), so it refuses to start, with one line saying why, before it
    /// accepts a request. Does nothing for the other stores.
    public func checkDatabaseBlobStore() async throws {
        guard blobLocation == .postgres else { return }
        try await BlobStoreProbe.check(blobs, location: blobLocation)
    }

    /// The runners with a handler for every kind of job the follow-up policies name, one per
    /// kind of work so neither starves the other: thumbnails (a core each, `jobConcurrency` at a
    /// time), link previews (mostly waiting, `fetchJobConcurrency` at a time) and, unless it is
    /// off, text recognition (`recognitionConcurrency`, one by default, on one Tesseract engine).
    private static func jobRunners(
        store: any WallStore, blobs: any BlobStore, settings: AppSettings, recognizer: TextRecognizer?, logger: Logger
    ) -> [JobRunner] {
        let thumbnailRunner = JobRunner(queue: store.jobs, concurrency: Limits.jobConcurrency, logger: logger)
        let thumbnails = ThumbnailJob(store: store, blobs: blobs, recognizes: recognizer != nil)
        thumbnailRunner.register(.thumbnail) { job in try await thumbnails.run(job) }
        let fetchRunner = JobRunner(queue: store.jobs, concurrency: Limits.fetchJobConcurrency, logger: logger)
        // Always registered: with link previews off it only reads the page snapshots shares carry.
        EnrichmentJob.register(
            on: fetchRunner, store: store, blobs: blobs, fetches: settings.linkPreviews,
            allowPrivateFetch: settings.allowPrivateFetch, logger: logger
        )
        guard let recognizer else { return [thumbnailRunner, fetchRunner] }
        let recognitionRunner = JobRunner(queue: store.jobs, concurrency: Limits.recognitionConcurrency, logger: logger)
        let recognition = RecognitionJob(store: store, blobs: blobs, recognizer: recognizer)
        recognitionRunner.register(.recognize) { job in try await recognition.run(job) }
        return [thumbnailRunner, fetchRunner, recognitionRunner]
    }

    /// Removes blobs no item refers to any more (deleted items, uploads whose share was refused).
    private static func blobSweeper(store: any WallStore, blobs: any BlobStore, logger: Logger) -> PeriodicService {
        let unreferenced = UnreferencedBlobs()
        return PeriodicService(interval: .seconds(600)) {
            do {
                try await BlobSweeper(blobs: blobs, grace: Limits.blobSweepGrace, unreferenced: unreferenced) {
                    Set(try await store.referencedBlobHashes().compactMap(BlobHash.init(hex:)))
                }.sweep()
            } catch {
                logger.warning("Could not sweep blobs", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Keeps history bounded: events past the horizon, dead jobs, expired sessions, old receipts.
    private static func pruner(store: any WallStore, retention: RetentionPolicy, logger: Logger) -> PeriodicService {
        PeriodicService(interval: Limits.pruneInterval, finalRun: false) {
            do {
                let report = try await store.prune(retention, now: Date())
                logger.info(
                    "Pruned history",
                    metadata: ["events": "\(report.events)", "jobs": "\(report.deadJobs)", "sessions": "\(report.sessions)",
                               "receipts": "\(report.receipts)"]
                )
            } catch {
                logger.warning("Could not prune history", metadata: ["error": "\(error)"])
            }
        }
    }
}
