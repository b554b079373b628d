import Foundation
import Logging
import Prometheus
import WallApp
import WallCore
import WallStore

/// What the HTTP API and the web wall share beside the application core: the credential checks,
/// the rate limits, the metrics, the trusted proxies and the multipart file saver.
struct HTTPServices: Sendable {
    /// Checks bearer tokens.
    let tokens: TokenAuthenticator
    /// Checks the web wall's session cookies.
    let sessions: SessionAuthenticator
    /// Requests per second per credential; nil when rate limiting is off.
    let rateLimiter: RateLimiter<UUID>?
    /// One count of password attempts for the API, the web page and the password change.
    let signIns: SignInLimiter
    /// Where `/metrics` reads from.
    let registry: PrometheusCollectorRegistry
    /// The metrics every route records.
    let requestMetrics: RequestMetrics
    /// The product's own counters.
    let wallMetrics: WallMetrics
    /// Whose `X-Forwarded-For` names the client.
    let proxies: TrustedProxies
    /// Saves `multipart/form-data` shares for the API, `/api/save` and the web share target.
    let fileShares: FileShareSaver

    /// Makes them over the core; throws `ArgumentError` for a `--trusted-proxy` that is no address.
    init(_ arguments: some AppArguments, core: AppServices) throws {
        guard let proxies = TrustedProxies(arguments.trustedProxies) else {
            throw ArgumentError("--trusted-proxy takes IP addresses or address/prefix ranges.")
        }
        self.proxies = proxies
        tokens = TokenAuthenticator(store: core.store)
        sessions = SessionAuthenticator(store: core.store)
        rateLimiter = arguments.rateLimit > 0
            ? RateLimiter<UUID>(perSecond: arguments.rateLimit, burst: max(1, arguments.rateBurst), now: arguments.rateLimitClock)
            : nil
        signIns = SignInLimiter(now: arguments.rateLimitClock)
        registry = PrometheusCollectorRegistry()
        let factory = PrometheusMetricsFactory(registry: registry)
        requestMetrics = RequestMetrics(factory: factory)
        wallMetrics = WallMetrics(factory: factory)
        fileShares = FileShareSaver(
            store: core.store, blobs: core.blobs, maxFileBytes: arguments.maxUploadBytes, followUps: core.fileFollowUps
        )
    }

    /// Writes the tokens' and sessions' last-use times every 30 seconds (and once on the way out).
    func usageFlusher(logger: Logger) -> PeriodicService {
        PeriodicService(interval: .seconds(30)) { [tokens, sessions] in
            do { try await tokens.flushUsage() } catch {
                logger.warning("Could not record token use", metadata: ["error": "\(error)"])
            }
            do { try await sessions.flushUsage() } catch {
                logger.warning("Could not record session use", metadata: ["error": "\(error)"])
            }
        }
    }
}
