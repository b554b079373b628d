import Crypto
import Foundation
import WallCore

/// The web wall's static files (script, styles, icons, manifest, service worker), read once at
/// start from the module's resources and served from memory.
///
/// Each file's URL carries a hash of its content (`/assets/app.js?v=1a2b3c4d`), so browsers may
/// keep them for a year and still get a new version the moment one changes.
public struct StaticAssets: Sendable {
    /// One file.
    public struct Asset: Sendable {
        /// Its bytes.
        public var bytes: [UInt8]
        /// Its `Content-Type`.
        public var contentType: String
        /// A short hash of the bytes: the `ETag` and the `v` in its URL.
        public var version: String
    }

    /// The signed-in pages' scripts that run after `masonry.js` and `queue.js`, in order, each
    /// deferred and render-blocking (the first frame shows relative times and the settings they
    /// apply): what they share, the switcher's live counts, the cards that come after the page,
    /// the share box, the search box's suggestions, and the page script that starts them.
    public static let pageScripts = ["dw.js", "counts.js", "cards.js", "sharebox.js", "search.js", "app.js"]

    /// The scripts of an empty wall's first-run panel, after the page scripts: the QR code
    /// encoder, and the panel's script that draws the page's address with it.
    public static let firstRunScripts = ["qr.js", "firstrun.js"]

    /// The files by name (`app.js`).
    public let files: [String: Asset]
    /// A hash over every file: the service worker's cache name changes when any file does.
    public let version: String

    /// Reads every file in `directory`.
    public init(directory: URL) throws {
        var files: [String: Asset] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        var all = SHA256()
        for name in names where !name.hasPrefix(".") {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            let version = Self.shortHash(bytes)
            files[name] = Asset(bytes: bytes, contentType: Self.contentType(of: name), version: version)
            all.update(data: Array((name + version).utf8))
        }
        self.files = files
        version = all.finalize().prefix(6).lowercaseHex
    }

    /// The URL of a file, with its version: `/assets/app.js?v=…`.
    public func path(_ name: String) -> String {
        guard let asset = files[name] else { return "/assets/\(name)" }
        return "/assets/\(name)?v=\(asset.version)"
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last ?? "" {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "webmanifest": "application/manifest+json"
        case "html": "text/html; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    private static func shortHash(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).prefix(6).lowercaseHex
    }
}
