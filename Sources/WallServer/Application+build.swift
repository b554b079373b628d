import Foundation
import Hummingbird
import Logging
import Prometheus
import WallCore
import WallStore

/// The composition root: opens the store, wires the routes and middleware, registers services.
///
/// `gate` is closed by `ShutdownGateService` when shutdown begins; pass the same gate to it.
public func buildApplication(
    _ arguments: some AppArguments, gate: ShutdownGate = ShutdownGate()
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "dwall")
    logger.logLevel = arguments.logLevel
    let store = try StoreOpener.open(arguments, logger: logger)
    let registry = PrometheusCollectorRegistry()
    let metricsFactory = PrometheusMetricsFactory(registry: registry)
    let authenticator = TokenAuthenticator(store: store)
    let accounts = Accounts(store: store, hasher: PasswordHasher(cost: arguments.bcryptCost))
    let limiter = arguments.rateLimit > 0
        ? RateLimiter<UUID>(perSecond: arguments.rateLimit, burst: max(1, arguments.rateBurst)) : nil
    let metrics = WallMetrics(factory: metricsFactory)
    gate.onClose { [feed = store.feed] in feed.finishAll() }

    let router = Router(context: WallRequestContext.self)
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: RequestMetricsMiddleware(metrics: RequestMetrics(factory: metricsFactory)))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: ShutdownGateMiddleware(gate: gate))

    router.addRoutes(SystemController(registry: registry).endpoints)
    router.addRoutes(
        AuthController(
            accounts: accounts,
            perUser: RateLimiter(perSecond: 5.0 / 60, burst: 10),
            perAddress: RateLimiter(perSecond: 30.0 / 60, burst: 30)
        ).endpoints,
        atPath: "/v1/auth"
    )
    router.addRoutes(
        LegacySaveController(store: store, authenticator: authenticator, limiter: limiter, metrics: metrics).endpoints,
        atPath: "/api/save"
    )

    let api = RouteCollection(context: WallRequestContext.self)
        .add(middleware: BearerAuthMiddleware(authenticator: authenticator, limiter: limiter))
    api.addRoutes(ShareController(store: store, metrics: metrics).endpoints, atPath: "/share")
    api.addRoutes(ItemsController(store: store).endpoints, atPath: "/items")
    api.addRoutes(WallsController(store: store).endpoints, atPath: "/walls")
    api.addRoutes(TokensController(accounts: accounts, authenticator: authenticator).endpoints, atPath: "/tokens")
    api.addRoutes(MeController(store: store).endpoints, atPath: "/me")
    api.addRoutes(EventsController(store: store, heartbeat: arguments.heartbeat).endpoints, atPath: "/events")
    router.addRoutes(api, atPath: "/v1")

    let usageFlusher = PeriodicService(interval: .seconds(30)) { [logger] in
        do { try await authenticator.flushUsage() } catch {
            logger.warning("Could not record token use", metadata: ["error": "\(error)"])
        }
    }
    return Application(
        router: router,
        configuration: .init(address: .hostname(arguments.host, port: arguments.port), serverName: "dwall"),
        // The store first: services stop in reverse order, so it outlives everything that uses it.
        services: (store.service.map { [$0] } ?? []) + [usageFlusher],
        logger: logger
    )
}
