import Foundation
import Hummingbird
import WallApp
import WallCore
import WallStore
import WallWeb

/// The router: the middleware every request passes, then the API (tokens only; tokens or the
/// web wall's session), then the web wall. Controllers translate HTTP into calls on `core`.
func buildRouter(
    _ arguments: some AppArguments, core: AppServices, http: HTTPServices, gate: ShutdownGate, setup: FirstRunSetup
) async throws -> Router<WallRequestContext> {
    let store = core.store
    // HEAD is answered on every GET route by the router itself: the GET's status and headers, no body.
    let router = Router(context: WallRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: ClientAddressMiddleware(proxies: http.proxies))
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: CompressionMiddleware())
    router.add(middleware: RequestMetricsMiddleware(metrics: http.requestMetrics))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: ShutdownGateMiddleware(gate: gate))

    router.addRoutes(SystemController(registry: http.registry, metricsToken: arguments.metricsToken).endpoints)
    router.addRoutes(MetaController(maxUploadBytes: arguments.maxUploadBytes).endpoints, atPath: "/v1/meta")
    router.addRoutes(AuthController(accounts: core.accounts, signIns: http.signIns).endpoints, atPath: "/v1/auth")
    router.addRoutes(
        LegacySaveController(
            store: store, authenticator: http.tokens, limiter: http.rateLimiter, metrics: http.wallMetrics,
            files: http.fileShares
        ).endpoints,
        atPath: "/api/save"
    )

    // Tokens only: what manages credentials and says which token is in use.
    let tokenAPI = RouteCollection(context: WallRequestContext.self)
        .add(middleware: APIAuthMiddleware(authenticator: http.tokens, sessions: nil, limiter: http.rateLimiter))
    tokenAPI.addRoutes(TokensController(accounts: core.accounts, authenticator: http.tokens).endpoints, atPath: "/tokens")
    tokenAPI.addRoutes(MeController(store: store).endpoints, atPath: "/me")
    router.addRoutes(tokenAPI, atPath: "/v1")
    // Tokens or the web wall's session (with its CSRF token for changes): what the wall's script calls.
    let api = RouteCollection(context: WallRequestContext.self)
        .add(middleware: APIAuthMiddleware(authenticator: http.tokens, sessions: http.sessions, limiter: http.rateLimiter))
    api.addRoutes(
        ShareController(metrics: http.wallMetrics, files: http.fileShares, shares: core.shares).endpoints, atPath: "/share"
    )
    api.addRoutes(LookupController(store: store).endpoints, atPath: "/items/lookup")
    api.addRoutes(TagsController(store: store).endpoints, atPath: "/tags")
    api.addRoutes(SavedSearchesController(store: store).endpoints, atPath: "/searches")
    api.addRoutes(ItemsController(store: store, refresher: core.refresher).endpoints, atPath: "/items")
    api.addRoutes(LinkPicturesController(store: store, blobs: core.blobs).endpoints, atPath: "/items")
    api.addRoutes(ItemFilesController(store: store, blobs: core.blobs).endpoints, atPath: "/items")
    api.addRoutes(WallsController(store: store).endpoints, atPath: "/walls")
    api.addRoutes(
        WallLinksController(store: store, publicURL: arguments.publicURL.flatMap(URL.init(string:))).endpoints,
        atPath: "/walls"
    )
    api.addRoutes(EventsController(
        store: store, heartbeat: arguments.heartbeat,
        streams: ConcurrencyLimiter(limit: Limits.maxEventStreamsPerUser, what: "event streams")
    ).endpoints, atPath: "/events")
    api.addRoutes(
        ImportController(
            runner: core.imports, archives: core.archiveImports,
            imports: ConcurrencyLimiter(limit: Limits.maxConcurrentImportsPerUser, what: "imports")
        ).endpoints, atPath: "/import"
    )
    api.addRoutes(ExportController(exporter: core.exporter, blobs: core.blobs, clock: Date.init).endpoints, atPath: "/export")
    router.addRoutes(api, atPath: "/v1")

    let web = WebApp(
        store: store, accounts: core.accounts, wallMover: core.wallMover, sessions: http.sessions, tokens: http.tokens,
        renderer: try await WebRenderer(), setup: setup, publicURL: arguments.publicURL.flatMap(URL.init(string:)),
        files: http.fileShares
    )
    WebRoutes.add(to: router, web: web, signIns: http.signIns)
    addLinkedWalls(to: router, web: web, blobs: core.blobs, clock: arguments.rateLimitClock)
    return router
}

/// Mounts what secret links open (`LinkedWallController`), outside the session: its page and
/// feed with the pages' security headers and error pages, its pictures and files with their own
/// headers; all of it rate-limited per client address.
private func addLinkedWalls(
    to router: Router<WallRequestContext>, web: WebApp, blobs: any BlobStore,
    clock: @escaping @Sendable () -> ContinuousClock.Instant
) {
    let controller = LinkedWallController(
        web: web, files: ItemFilesController(store: web.store, blobs: blobs),
        pictures: LinkPicturesController(store: web.store, blobs: blobs)
    )
    let limit = LinkRateLimitMiddleware(
        limiter: RateLimiter(perSecond: Limits.linkRequestsPerSecond, burst: Limits.linkRequestBurst, now: clock)
    )
    let pages = RouteCollection(context: WallRequestContext.self)
        .add(middleware: SecurityHeadersMiddleware())
        .add(middleware: WebErrorMiddleware(web: web))
        .add(middleware: limit)
    pages.addRoutes(controller.pageEndpoints)
    router.addRoutes(pages)
    let files = RouteCollection(context: WallRequestContext.self).add(middleware: limit)
    files.addRoutes(controller.fileEndpoints)
    router.addRoutes(files)
}
