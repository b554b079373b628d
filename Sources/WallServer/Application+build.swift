import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Prometheus
import WallCore
import WallStore
import WallWeb

/// The composition root: opens the store, wires the routes and middleware, registers services.
///
/// `gate` is closed by `ShutdownGateService` when shutdown begins; pass the same gate to it.
/// `setup` holds the first-run code that is logged while nobody has an account.
public func buildApplication(
    _ arguments: some AppArguments, gate: ShutdownGate = ShutdownGate(), setup: FirstRunSetup = FirstRunSetup()
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "dwall")
    logger.logLevel = arguments.logLevel
    // Work that follows a share (`JobQueue`): which new items get which jobs, in the share's
    // transaction. Pair each kind named here with a handler registered on `jobRunner` below.
    let followUps = FollowUpPolicy(arguments.linkPreviews ? [.url: [.enrich]] : [:])
    let store = try StoreOpener.open(arguments, logger: logger, followUps: followUps)
    let blobs = try FileBlobStore(dataDirectory: arguments.dataDirectory)
    // Images and files get their thumbnails made by a job, enqueued in the share's transaction.
    let fileShares = FileShareSaver(
        store: store, blobs: blobs, maxFileBytes: arguments.maxUploadBytes,
        followUps: FollowUpPolicy([.image: [.thumbnail], .file: [.thumbnail]])
    )
    let registry = PrometheusCollectorRegistry()
    let metricsFactory = PrometheusMetricsFactory(registry: registry)
    let authenticator = TokenAuthenticator(store: store)
    let accounts = Accounts(store: store, hasher: PasswordHasher(cost: arguments.bcryptCost))
    let limiter = arguments.rateLimit > 0
        ? RateLimiter<UUID>(perSecond: arguments.rateLimit, burst: max(1, arguments.rateBurst), now: arguments.rateLimitClock) : nil
    let metrics = WallMetrics(factory: metricsFactory)
    let sessions = SessionAuthenticator(store: store)
    // One count of password attempts for the API, the web page and the password change.
    let signIns = SignInLimiter(now: arguments.rateLimitClock)
    gate.onClose { [feed = store.feed] in feed.finishAll() }

    guard let proxies = TrustedProxies(arguments.trustedProxies) else {
        throw ArgumentError("--trusted-proxy takes IP addresses or address/prefix ranges.")
    }
    // HEAD is answered on every GET route by the router itself: the GET's status and headers, no body.
    let router = Router(context: WallRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: ClientAddressMiddleware(proxies: proxies))
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: CompressionMiddleware())
    router.add(middleware: RequestMetricsMiddleware(metrics: RequestMetrics(factory: metricsFactory)))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: ShutdownGateMiddleware(gate: gate))

    router.addRoutes(SystemController(registry: registry, metricsToken: arguments.metricsToken).endpoints)
    router.addRoutes(MetaController(maxUploadBytes: arguments.maxUploadBytes).endpoints, atPath: "/v1/meta")
    router.addRoutes(
        AuthController(accounts: accounts, signIns: signIns).endpoints,
        atPath: "/v1/auth"
    )
    router.addRoutes(
        LegacySaveController(
            store: store, authenticator: authenticator, limiter: limiter, metrics: metrics, files: fileShares
        ).endpoints,
        atPath: "/api/save"
    )

    // Tokens only: what manages credentials and says which token is in use.
    let tokenAPI = RouteCollection(context: WallRequestContext.self)
        .add(middleware: APIAuthMiddleware(authenticator: authenticator, sessions: nil, limiter: limiter))
    tokenAPI.addRoutes(TokensController(accounts: accounts, authenticator: authenticator).endpoints, atPath: "/tokens")
    tokenAPI.addRoutes(MeController(store: store).endpoints, atPath: "/me")
    router.addRoutes(tokenAPI, atPath: "/v1")
    // Tokens or the web wall's session (with its CSRF token for changes): what the wall's script calls.
    let api = RouteCollection(context: WallRequestContext.self)
        .add(middleware: APIAuthMiddleware(authenticator: authenticator, sessions: sessions, limiter: limiter))
    api.addRoutes(ShareController(
        store: store, metrics: metrics, files: fileShares, snapshots: PageSnapshotStash(blobs: blobs)
    ).endpoints, atPath: "/share")
    api.addRoutes(LookupController(store: store).endpoints, atPath: "/items/lookup")
    api.addRoutes(ItemsController(store: store, linkPreviews: arguments.linkPreviews).endpoints, atPath: "/items")
    api.addRoutes(LinkPicturesController(store: store, blobs: blobs).endpoints, atPath: "/items")
    api.addRoutes(ItemFilesController(store: store, blobs: blobs).endpoints, atPath: "/items")
    api.addRoutes(WallsController(store: store).endpoints, atPath: "/walls")
    api.addRoutes(EventsController(
        store: store, heartbeat: arguments.heartbeat,
        streams: ConcurrencyLimiter(limit: Limits.maxEventStreamsPerUser, what: "event streams")
    ).endpoints, atPath: "/events")
    api.addRoutes(
        ImportController(
            store: store, blobs: blobs, maxFileBytes: arguments.maxUploadBytes,
            imports: ConcurrencyLimiter(limit: Limits.maxConcurrentImportsPerUser, what: "imports")
        ).endpoints, atPath: "/import"
    )
    api.addRoutes(ExportController(store: store, blobs: blobs, clock: Date.init).endpoints, atPath: "/export")
    router.addRoutes(api, atPath: "/v1")

    let web = WebApp(
        store: store, accounts: accounts, sessions: sessions, tokens: authenticator, renderer: try await WebRenderer(),
        setup: setup, publicURL: arguments.publicURL.flatMap(URL.init(string:)), files: fileShares
    )
    WebRoutes.add(to: router, web: web, signIns: signIns)

    // Removes blobs no item refers to any more (deleted items, uploads whose share was refused).
    let blobSweeper = PeriodicService(interval: .seconds(600)) { [logger] in
        do {
            try await BlobSweeper(blobs: blobs, grace: Limits.blobSweepGrace) {
                Set(try await store.referencedBlobHashes().compactMap(BlobHash.init(hex:)))
            }.sweep()
        } catch {
            logger.warning("Could not sweep blobs", metadata: ["error": "\(error)"])
        }
    }
    let usageFlusher = PeriodicService(interval: .seconds(30)) { [logger] in
        do { try await authenticator.flushUsage() } catch {
            logger.warning("Could not record token use", metadata: ["error": "\(error)"])
        }
        do { try await sessions.flushUsage() } catch {
            logger.warning("Could not record session use", metadata: ["error": "\(error)"])
        }
    }
    // Keeps history bounded: events past the horizon, dead jobs, expired sessions, old receipts.
    let pruner = PeriodicService(interval: Limits.pruneInterval, finalRun: false) { [logger, retention = arguments.retention] in
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
    // Runs queued jobs; with no handler registered it does nothing. Register handlers here,
    // e.g. `jobRunner.register(.enrich) { job in … }`.
    let jobRunner = JobRunner(queue: store.jobs, logger: logger)
    let thumbnails = ThumbnailJob(store: store, blobs: blobs)
    jobRunner.register(.thumbnail) { job in try await thumbnails.run(job) }
    // Always registered: with link previews off it only reads the page snapshots shares carry.
    EnrichmentJob.register(
        on: jobRunner, store: store, blobs: blobs, fetches: arguments.linkPreviews,
        allowPrivateFetch: arguments.allowPrivateFetch, logger: logger
    )
    return Application(
        router: router,
        server: .http1(configuration: serverConfiguration(arguments, proxies: proxies)),
        configuration: .init(address: .hostname(arguments.host, port: arguments.port), serverName: "dwall"),
        // The store first: services stop in reverse order, so it outlives everything that uses it.
        services: (store.service.map { [$0] } ?? []) + [usageFlusher, blobSweeper, pruner, jobRunner],
        onServerRunning: { [logger] channel in
            await setup.logLinkIfNeeded(store: store, publicURL: arguments.publicURL, channel: channel, logger: logger)
        },
        logger: logger
    )
}

/// The HTTP/1.1 server's limits: the idle timeout (kept-alive connections, and slow request
/// lines and headers, which are decoded only once whole), the slow-body cut-off and the closing
/// of a connection whose request was answered before its body ended (`RequestBodyGuard`), and the request
/// line and header sizes (NIO's decoder counts the request line among the headers), and the
/// connections each client address may hold (`ConnectionCapHandler`, trusted proxies exempt).
private func serverConfiguration(_ arguments: some AppArguments, proxies: TrustedProxies) -> HTTP1Channel.Configuration {
    let idle = arguments.idleTimeout.components
    let readTimeout = arguments.readTimeout
    let connections = ConnectionCounter(limit: arguments.maxConnectionsPerAddress)
    return HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            ConnectionCapHandler(counter: connections) { proxies.contains($0) }, RequestBodyGuard(window: readTimeout),
        ],
        idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000),
        httpDecoderConfiguration: .init(
            maxHeaderFieldSize: arguments.maxHeaderBytes, maxHeaderListSize: arguments.maxHeaderBytes,
            maxHeaderFieldCount: Limits.maxHeaderFields
        )
    )
}
