import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import WallApp
import WallCore
import WallStore

/// The composition root: builds the application core (`AppServices`: the store, the use cases,
/// the job runner), the HTTP edge's own parts (`HTTPServices`), the router (`buildRouter`), and
/// the application that serves it and runs the background services.
///
/// `gate` is closed by `ShutdownGateService` when shutdown begins; pass the same gate to it.
/// `setup` holds the first-run code that is logged while nobody has an account.
public func buildApplication(
    _ arguments: some AppArguments, gate: ShutdownGate = ShutdownGate(), setup: FirstRunSetup = FirstRunSetup()
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "dwall")
    logger.logLevel = arguments.logLevel
    let core = try AppServices(arguments.appSettings, logger: logger)
    try await core.checkBlobStoreBeforeStarting()
    let http = try HTTPServices(arguments, core: core)
    gate.onClose { [feed = core.store.feed] in feed.finishAll() }
    let router = try await buildRouter(arguments, core: core, http: http, gate: gate, setup: setup)
    var app = Application(
        router: router,
        server: .http1(configuration: serverConfiguration(arguments, proxies: http.proxies)),
        configuration: .init(address: .hostname(arguments.host, port: arguments.port), serverName: "dwall"),
        // The store first: services stop in reverse order, so it outlives everything that uses it.
        services: [core.storeService].compactMap { $0 } + [http.usageFlusher(logger: logger)] + core.background,
        onServerRunning: { [logger, store = core.store] channel in
            await setup.logLinkIfNeeded(store: store, publicURL: arguments.publicURL, channel: channel, logger: logger)
        },
        logger: logger
    )
    // The services (the store among them) run first; the server listens only once this returns.
    app.beforeServerStarts { try await core.checkDatabaseBlobStore() }
    return app
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
