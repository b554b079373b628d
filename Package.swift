// swift-tools-version:6.1
// Digital Wall: one package, one module per responsibility (see DESIGN.md).

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "DigitalWall",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "WallCore", targets: ["WallCore"]),
        .library(name: "ShareKit", targets: ["ShareKit"]),
        .executable(name: "dwall", targets: ["dwall"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
    ],
    targets: [
        // MARK: Domain and wire contract (Foundation only)
        .target(name: "WallCore", swiftSettings: strict),

        // MARK: The share extension's brain and the client (Foundation + WallCore only)
        .target(name: "ShareKit", dependencies: ["WallCore"], swiftSettings: strict),

        // MARK: Import file formats and export writers, shared by dwall and the server (Foundation + WallCore only)
        .target(name: "WallImport", dependencies: ["WallCore"], swiftSettings: strict),

        // MARK: Storage
        .target(
            name: "WallStore",
            dependencies: [
                "WallCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // MARK: S3-compatible object storage: SigV4 signing, the S3 client, the S3 blob store
        .target(
            name: "WallS3",
            dependencies: [
                "WallCore",
                "WallStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // MARK: Enrichment: guarded fetcher, HTML metadata via libxml2, readable text
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(
            name: "WallEnrich",
            dependencies: [
                "WallCore",
                "CLibXML2",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // MARK: The enrichment benchmark (scripts/bench-enrich builds it in release mode)
        .executableTarget(name: "EnrichBench", dependencies: ["WallEnrich"], swiftSettings: strict),

        // MARK: Images and PDFs: thumbnails and previews with libvips, PDF text with pdftotext, text
        // in pictures with Tesseract
        .systemLibrary(name: "CVips", pkgConfig: "glib-2.0", providers: [.apt(["libvips-dev"])]),
        // Text in pictures and scans: Tesseract, handed libvips' grey pixels only
        .systemLibrary(
            name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]
        ),
        .target(
            name: "WallMedia",
            dependencies: [
                "WallCore", "CVips", "CTesseract",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),

        // MARK: The recognition benchmark (scripts/bench-ocr builds it in release mode)
        .executableTarget(name: "OCRBench", dependencies: ["WallMedia"], swiftSettings: strict),

        // MARK: The browser extension's files (Extensions/browser) as a resource, for the server's zip
        .target(
            name: "WallExtension",
            path: "Extensions",
            sources: ["WallExtension.swift"],
            resources: [.copy("browser")],
            swiftSettings: strict
        ),

        // MARK: Web wall: templates, static files and the views they render, and the extension's
        // zip (no HTTP here)
        .target(
            name: "WallWeb",
            dependencies: [
                "WallCore",
                "WallExtension",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("Templates"), .copy("Static")],
            swiftSettings: strict
        ),

        // MARK: The application core: every use case one call, the job handlers and their runner,
        // accounts, import and export, opening the store (no HTTP here: no Hummingbird)
        .target(
            name: "WallApp",
            dependencies: [
                "WallCore",
                "WallStore",
                "WallS3",
                "WallEnrich",
                "WallMedia",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strict
        ),

        // MARK: HTTP application: the API and the web wall over the core
        .target(
            name: "WallServer",
            dependencies: [
                "WallCore",
                "WallStore",
                "WallApp",
                "WallWeb",
                "WallEnrich",
                "WallImport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            swiftSettings: strict
        ),

        // MARK: dwall's admin commands (user, token, backup, restore) and the options every command
        // shares; built on the core, without the HTTP server (`swift build --target DwallAdmin`)
        .target(
            name: "DwallAdmin",
            dependencies: [
                "WallCore",
                "WallStore",
                "WallApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // MARK: The one executable
        .executableTarget(
            name: "dwall",
            dependencies: [
                "WallCore",
                "ShareKit",
                "WallImport",
                "WallStore",
                "WallApp",
                "WallServer",
                "DwallAdmin",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // MARK: Tests
        .testTarget(name: "WallCoreTests", dependencies: ["WallCore"], swiftSettings: strict),
        .testTarget(name: "ShareKitTests", dependencies: ["ShareKit", "WallCore"], swiftSettings: strict),
        .testTarget(name: "WallImportTests", dependencies: ["WallImport", "WallCore"], swiftSettings: strict),
        .testTarget(
            name: "WallStoreTests",
            dependencies: [
                // `WallApp` for `JobRunner`: the queue's tests run jobs through the real runner.
                "WallCore", "WallStore", "WallApp", "WallS3", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                // `NIOPosix` for `BlackHoleProxy`, a TCP relay in front of the test PostgreSQL.
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WallEnrichTests",
            dependencies: [
                "WallCore", "WallEnrich",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WallS3Tests",
            dependencies: [
                "WallCore", "WallStore", "WallS3",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(name: "WallMediaTests", dependencies: ["WallMedia", "WallCore"], swiftSettings: strict),
        .testTarget(
            name: "WallWebTests",
            dependencies: ["WallCore", "WallWeb", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WallAppTests",
            dependencies: ["WallApp", "WallStore", "WallCore", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WallServerTests",
            dependencies: [
                "WallCore",
                "WallStore",
                "WallApp",
                "WallServer",
                "WallImport",
                "WallMedia",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DwallTests",
            // `WallMedia` to draw the pictures the recognition attacks share.
            dependencies: ["WallCore", "ShareKit", "WallMedia"],
            swiftSettings: strict
        ),
        // A job worker the queue tests kill with SIGKILL while it holds a job (built, never shipped).
        .executableTarget(
            name: "JobWorkerFixture",
            dependencies: ["WallStore"],
            path: "Tests/JobWorkerFixture",
            swiftSettings: strict
        ),
    ]
)
