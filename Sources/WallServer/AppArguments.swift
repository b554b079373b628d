import Foundation
import Logging
import WallApp
import WallCore
import WallStore

/// What the composition root needs to know; `dwall serve` parses it, tests make it by hand.
public protocol AppArguments: Sendable {
    /// Address to listen on.
    var host: String { get }
    /// Port to listen on (0 picks a free one).
    var port: Int { get }
    /// Folder holding the SQLite database, the folder blob store, and temporary files.
    var dataDirectory: String { get }
    /// A `postgres://` URL: keep state in PostgreSQL (shared by every replica) instead of SQLite.
    var databaseURL: String? { get }
    /// Where people reach the web wall (`https://wall.example.com`), for links and secure cookies.
    var publicURL: String? { get }
    /// Sustained requests per second allowed per token; 0 turns rate limiting off.
    var rateLimit: Double { get }
    /// Requests a token may make at once before the limit applies.
    var rateBurst: Double { get }
    /// Bcrypt cost for new passwords.
    var bcryptCost: UInt8 { get }
    /// How often an idle event stream sends a heartbeat.
    var heartbeat: Duration { get }
    /// Largest file a share may carry, in bytes.
    var maxUploadBytes: Int64 { get }
    /// How much to log.
    var logLevel: Logger.Level { get }
    /// Whether shared links are fetched for their previews (enrichment) at all.
    var linkPreviews: Bool { get }
    /// Whether link previews may fetch loopback, private and link-local addresses.
    var allowPrivateFetch: Bool { get }
    /// The clock rate-limit buckets refill by.
    var rateLimitClock: @Sendable () -> ContinuousClock.Instant { get }
    /// How long a connection may stay open with no request in progress (kept alive between
    /// requests, or sending a request's headers) before it is closed.
    var idleTimeout: Duration { get }
    /// How long a request's body may bring fewer than `Limits.minRequestBodyBytesPerSecond`
    /// before its connection is closed (a slow sender).
    var readTimeout: Duration { get }
    /// Largest request line and header block, in bytes.
    var maxHeaderBytes: Int { get }
    /// Addresses (IPv4 or IPv6, or `a.b.c.d/n` ranges) of reverse proxies whose
    /// `X-Forwarded-For` names the client; empty: the header is ignored.
    var trustedProxies: [String] { get }
    /// The bearer token `GET /metrics` asks for; nil: `/metrics` answers loopback callers only.
    var metricsToken: String? { get }
    /// Most connections one client address (an IPv6 /64) may hold open; one more is closed at once.
    var maxConnectionsPerAddress: Int { get }
    /// What the hourly pruning keeps: the event log's horizon, dead jobs, share receipts.
    var retention: RetentionPolicy { get }
    /// Where files are kept (`--blob-store`); nil for the standard choice (`BlobStoreOpener.resolve`).
    var blobStore: BlobStoreLocation? { get }
    /// The languages text is recognised in, in pictures and scans (`--ocr-languages`, joined by
    /// `+`); nil: no recognition (`--no-ocr`).
    var ocrLanguages: String? { get }
}

extension AppArguments {
    /// SQLite unless said otherwise.
    public var databaseURL: String? { nil }

    /// The standard blob store unless said otherwise.
    public var blobStore: BlobStoreLocation? { nil }

    /// `Limits`' retention unless said otherwise.
    public var retention: RetentionPolicy { RetentionPolicy() }

    /// Text in pictures is recognised in English unless said otherwise.
    public var ocrLanguages: String? { "eng" }

    /// Links get previews unless said otherwise.
    public var linkPreviews: Bool { true }

    /// Link previews refuse private addresses unless said otherwise.
    public var allowPrivateFetch: Bool { false }

    /// Rate limits refill in real time unless said otherwise.
    public var rateLimitClock: @Sendable () -> ContinuousClock.Instant { { .now } }

    /// Where people reach the server when it is not where it listens (behind a proxy, https).
    public var publicURL: String? { nil }

    /// `Limits.defaultMaxUploadBytes` unless said otherwise.
    public var maxUploadBytes: Int64 { Limits.defaultMaxUploadBytes }

    /// `Limits.defaultIdleTimeout` unless said otherwise.
    public var idleTimeout: Duration { Limits.defaultIdleTimeout }

    /// `Limits.defaultReadTimeout` unless said otherwise.
    public var readTimeout: Duration { Limits.defaultReadTimeout }

    /// `Limits.defaultMaxHeaderBytes` unless said otherwise.
    public var maxHeaderBytes: Int { Limits.defaultMaxHeaderBytes }

    /// No proxy is trusted unless said otherwise.
    public var trustedProxies: [String] { [] }

    /// `/metrics` answers loopback callers only unless a token is given.
    public var metricsToken: String? { nil }

    /// `Limits.defaultMaxConnectionsPerAddress` unless said otherwise.
    public var maxConnectionsPerAddress: Int { Limits.defaultMaxConnectionsPerAddress }

    /// Where the data lives.
    public var storeLocation: StoreLocation {
        StoreLocation(dataDirectory: dataDirectory, databaseURL: databaseURL)
    }

    /// What the application core is built with.
    public var appSettings: AppSettings {
        var settings = AppSettings(location: storeLocation)
        settings.linkPreviews = linkPreviews
        settings.allowPrivateFetch = allowPrivateFetch
        settings.bcryptCost = bcryptCost
        settings.maxUploadBytes = maxUploadBytes
        settings.retention = retention
        settings.blobStore = blobStore
        settings.ocrLanguages = ocrLanguages
        return settings
    }
}
