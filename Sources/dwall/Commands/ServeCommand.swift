import ArgumentParser
import DwallAdmin
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals
import WallApp
import WallCore
import WallServer
import WallStore

/// `dwall serve`: run the HTTP API until SIGTERM or SIGINT, then finish in-flight requests and exit.
struct ServeCommand: AsyncParsableCommand, AppArguments {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the Digital Wall server.")

    @OptionGroup var storage: StorageOptions

    @Option(help: "Address to listen on (env DWALL_HOST).")
    var host: String = Environment.string("DWALL_HOST") ?? "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one (env DWALL_PORT).")
    var port: Int = Environment.int("DWALL_PORT") ?? 8080

    @Option(help: "Requests per second allowed per token; 0 turns the limit off (env DWALL_RATE_LIMIT).")
    var rateLimit: Double = Environment.double("DWALL_RATE_LIMIT") ?? 20

    @Option(help: "Requests a token may make at once before the limit applies (env DWALL_RATE_BURST).")
    var rateBurst: Double = Environment.double("DWALL_RATE_BURST") ?? 100

    @Option(help: "Bcrypt cost for new passwords, 4 to 31 (env DWALL_BCRYPT_COST).")
    var bcryptCost: UInt8 = Environment.int("DWALL_BCRYPT_COST").map { UInt8(clamping: $0) } ?? 12

    @Option(name: .customLong("max-upload-mb"), help: "Largest image or file a share may carry, in MB (env DWALL_MAX_UPLOAD_MB).")
    var maxUploadMB: Int = Environment.int("DWALL_MAX_UPLOAD_MB") ?? Int(Limits.defaultMaxUploadBytes / 1_048_576)

    @Option(
        name: .customLong("keep-events-days"),
        help: "How many days the live update log keeps events; a client offline longer reloads its wall (env DWALL_KEEP_EVENTS_DAYS)."
    )
    var keepEventsDays: Int = Environment.int("DWALL_KEEP_EVENTS_DAYS") ?? Limits.defaultEventRetentionDays

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning or error (env DWALL_LOG_LEVEL).")
    var logLevelName: String = Environment.string("DWALL_LOG_LEVEL") ?? "info"

    @Option(
        name: .customLong("public-url"),
        help: "Where people reach the web wall, e.g. https://wall.example.com: used for links, and https makes its cookies Secure (env DWALL_PUBLIC_URL)."
    )
    var publicURLOption: String?

    var publicURL: String? { publicURLOption ?? Environment.string("DWALL_PUBLIC_URL") }

    @Flag(
        name: .customLong("allow-private-fetch"),
        help: "Let link previews fetch loopback, private and link-local addresses (intranet pages, tests); off unless given (env DWALL_ALLOW_PRIVATE_FETCH=1)."
    )
    var allowPrivateFetchFlag = false

    var allowPrivateFetch: Bool { allowPrivateFetchFlag || Environment.string("DWALL_ALLOW_PRIVATE_FETCH") == "1" }

    @Flag(
        name: .customLong("link-previews"), inversion: .prefixedNo,
        help: "Fetch each shared link's page for its card's title, description, site and text (env DWALL_LINK_PREVIEWS=0 turns it off)."
    )
    var linkPreviews = Environment.string("DWALL_LINK_PREVIEWS") != "0"

    @Option(
        name: .customLong("ocr-languages"),
        help: "Languages to recognise text in pictures and scans in, Tesseract's names joined by + (eng+deu); each must be installed (env DWALL_OCR_LANGUAGES; default eng)."
    )
    var ocrLanguagesOption: String = Environment.string("DWALL_OCR_LANGUAGES") ?? "eng"

    @Flag(
        name: .customLong("ocr"), inversion: .prefixedNo,
        help: "Recognise the text in shared pictures and scanned PDFs with Tesseract, on this server, for search (env DWALL_OCR=0 turns it off)."
    )
    var ocr = Environment.string("DWALL_OCR") != "0"

    var ocrLanguages: String? { ocr ? ocrLanguagesOption : nil }

    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may stay open with no request, or while sending a request's headers (env DWALL_IDLE_TIMEOUT)."
    )
    var idleTimeoutSeconds: Int = Environment.int("DWALL_IDLE_TIMEOUT") ?? Int(Limits.defaultIdleTimeout.components.seconds)

    @Option(
        name: .customLong("read-timeout"),
        help: "Seconds a request body may arrive slower than \(Limits.minRequestBodyBytesPerSecond) bytes a second before its connection is closed (env DWALL_READ_TIMEOUT)."
    )
    var readTimeoutSeconds: Int = Environment.int("DWALL_READ_TIMEOUT") ?? Int(Limits.defaultReadTimeout.components.seconds)

    @Option(
        name: .customLong("max-header-bytes"),
        help: "Largest request line and headers, in bytes (env DWALL_MAX_HEADER_BYTES)."
    )
    var maxHeaderBytes: Int = Environment.int("DWALL_MAX_HEADER_BYTES") ?? Limits.defaultMaxHeaderBytes

    @Option(
        name: .customLong("trusted-proxy"),
        help: "A reverse proxy's address or range (10.0.0.0/8) whose X-Forwarded-For names the client; repeat for more; none by default (env DWALL_TRUSTED_PROXIES, comma-separated)."
    )
    var trustedProxyOptions: [String] = []

    var trustedProxies: [String] {
        trustedProxyOptions.isEmpty
            ? (Environment.string("DWALL_TRUSTED_PROXIES") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            : trustedProxyOptions
    }

    @Option(
        name: .customLong("metrics-token"),
        help: "The bearer token GET /metrics asks for; without one, /metrics answers this machine (loopback) only (env DWALL_METRICS_TOKEN)."
    )
    var metricsTokenOption: String?

    var metricsToken: String? { metricsTokenOption ?? Environment.string("DWALL_METRICS_TOKEN") }

    @Option(
        name: .customLong("max-connections-per-address"),
        help: "Most connections one client address (an IPv6 /64) may hold open; one more is closed at once; trusted proxies are not counted (env DWALL_MAX_CONNECTIONS_PER_ADDRESS)."
    )
    var maxConnectionsPerAddress: Int = Environment.int("DWALL_MAX_CONNECTIONS_PER_ADDRESS") ?? Limits.defaultMaxConnectionsPerAddress

    @Option(
        name: .customLong("blob-store"),
        help: "Where files are kept: folder (in --data), postgres (in the --database-url database, shared by every replica; the default with one) or s3://bucket/prefix (env DWALL_BLOB_STORE)."
    )
    var blobStoreOption: String?

    var blobStore: BlobStoreLocation? {
        (blobStoreOption ?? Environment.string("DWALL_BLOB_STORE")).flatMap(BlobStoreLocation.init(parsing:))
    }

    var idleTimeout: Duration { .seconds(idleTimeoutSeconds) }
    var readTimeout: Duration { .seconds(readTimeoutSeconds) }

    var dataDirectory: String { storage.absoluteDataDirectory }
    var databaseURL: String? { storage.databaseURL }
    var heartbeat: Duration { .seconds(15) }
    var retention: RetentionPolicy { RetentionPolicy(events: TimeInterval(keepEventsDays) * 86_400) }
    var maxUploadBytes: Int64 { Int64(maxUploadMB) * 1_048_576 }
    var logLevel: Logger.Level { Logger.Level(rawValue: logLevelName) ?? .info }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535.") }
        guard (4...31).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be 4 to 31.") }
        guard (1...4_096).contains(maxUploadMB) else { throw ValidationError("--max-upload-mb must be 1 to 4096.") }
        guard (1...3_600).contains(idleTimeoutSeconds) else { throw ValidationError("--idle-timeout must be 1 to 3600 seconds.") }
        guard (1...3_600).contains(readTimeoutSeconds) else { throw ValidationError("--read-timeout must be 1 to 3600 seconds.") }
        guard (1_024...1_048_576).contains(maxHeaderBytes) else { throw ValidationError("--max-header-bytes must be 1024 to 1048576.") }
        guard TrustedProxies(trustedProxies) != nil else {
            throw ValidationError("--trusted-proxy takes IP addresses or address/prefix ranges, e.g. 10.0.0.0/8.")
        }
        guard (1...Limits.maxConnectionsPerAddressSetting).contains(maxConnectionsPerAddress) else {
            throw ValidationError("--max-connections-per-address must be 1 to \(Limits.maxConnectionsPerAddressSetting).")
        }
        if let metricsToken, metricsToken.utf8.count < 16 { throw ValidationError("--metrics-token must be at least 16 characters.") }
        guard Limits.eventRetentionDays.contains(keepEventsDays) else {
            throw ValidationError("--keep-events-days must be \(Limits.eventRetentionDays.lowerBound) to \(Limits.eventRetentionDays.upperBound).")
        }
        if let named = blobStoreOption ?? Environment.string("DWALL_BLOB_STORE") {
            guard let location = BlobStoreLocation(parsing: named) else {
                throw ValidationError("--blob-store must be folder, postgres or s3://bucket/prefix.")
            }
            if let problem = location.problem(with: storeLocation) { throw ValidationError(problem) }
        }
        if let ocrLanguages, let problem = AppSettings.ocrLanguageProblem(ocrLanguages) {
            throw ValidationError("--ocr-languages: \(problem)")
        }
        guard rateLimit >= 0, rateBurst >= 0 else { throw ValidationError("Rate limits can't be negative.") }
        guard Logger.Level(rawValue: logLevelName) != nil else { throw ValidationError("Unknown --log-level.") }
        if let publicURL, URL(string: publicURL)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ValidationError("--public-url must be an http or https URL.")
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = DeferredMetadataLogHandler(StreamLogHandler.standardError(label: label))
            handler.logLevel = logLevel
            return handler
        }
        var logger = Logger(label: "dwall")
        logger.logLevel = logLevel
        // Each connection is a file descriptor: take all the process may have.
        if let files = FileDescriptorLimit.raiseToHard() {
            logger.info("Open files limit: \(files) (connections beyond it are refused by the kernel)")
        }
        let gate = ShutdownGate()
        let app = try await buildApplication(self, gate: gate)
        logger.info("Storing in \(StoreOpener.describe(storeLocation))")
        if rateLimit == 0 { logger.notice("Rate limiting is off") }
        var configuration = ServiceGroupConfiguration(
            services: [app, ShutdownGateService(gate: gate)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        // A stream or download whose client stopped reading waits for ever on its next write:
        // past this, shutdown cancels what still runs instead of hanging.
        configuration.maximumGracefulShutdownDuration = Limits.maximumGracefulShutdown
        let group = ServiceGroup(configuration: configuration)
        try await group.run()
        logger.info("Stopped")
    }
}
