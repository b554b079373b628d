import Foundation
import Hummingbird
import NIOCore
import WallCore
import WallWeb

/// The web wall's static files from memory: `/assets/{name}` (kept for a year when asked for by
/// their versioned URL), and at the root, as browsers want them there, the service worker
/// (`/sw.js`), the manifest (`/manifest.webmanifest`) and the offline page (`/offline`).
///
/// Text files are compressed once, when the controller is made (at start-up), and sent
/// compressed to browsers that accept gzip; each encoding has its own `ETag`.
struct AssetsController {
    let assets: StaticAssets
    private let files: [String: EncodedAsset]
    private let worker: EncodedAsset

    init(assets: StaticAssets) {
        self.assets = assets
        files = assets.files.mapValues { EncodedAsset(ByteBuffer(bytes: $0.bytes), type: $0.contentType, version: $0.version) }
        let sw = assets.files["sw.js"]
        let shellFiles = ["app.css", "masonry.js", "queue.js"] + StaticAssets.pageScripts + StaticAssets.firstRunScripts
            + ["icon.svg", "icon-192.png"]
        let shell = shellFiles.map { "\"\(assets.path($0))\"" }
        var body = ByteBuffer(string: """
            const DWALL_VERSION = "\(assets.version)";
            const DWALL_SHELL = ["/offline", \(shell.joined(separator: ", "))];

            """)
        body.writeBytes(sw?.bytes ?? [])
        worker = EncodedAsset(body, type: sw?.contentType ?? "text/javascript; charset=utf-8", version: "sw-\(assets.version)")
    }

    var endpoints: RouteCollection<WallRequestContext> {
        let routes = RouteCollection(context: WallRequestContext.self)
        routes.get("/assets/:name", use: asset)
        routes.get("/sw.js", use: serviceWorker)
        routes.get("/manifest.webmanifest") { request, _ in try serve("manifest.webmanifest", request, immutable: false) }
        routes.get("/offline") { request, _ in try serve("offline.html", request, immutable: false) }
        return routes
    }

    func asset(_ request: Request, context: WallRequestContext) throws -> Response {
        let name = context.parameters.get("name") ?? ""
        let version = request.uri.queryParameters.get("v")
        return try serve(name, request, immutable: version != nil && version == assets.files[name]?.version)
    }

    /// The service worker, told the assets' version (its cache's name) and the app shell to keep.
    func serviceWorker(_ request: Request, context: WallRequestContext) throws -> Response {
        guard assets.files["sw.js"] != nil else { throw HTTPError(.notFound) }
        return worker.response(to: request, cacheControl: "no-cache")
    }

    private func serve(_ name: String, _ request: Request, immutable: Bool) throws -> Response {
        guard let file = files[name], name != "sw.js" else { throw HTTPError(.notFound) }
        return file.response(to: request, cacheControl: immutable ? "public, max-age=31536000, immutable" : "no-cache")
    }
}

/// One static file as sent: its bytes, and for text its gzip, each with its own `ETag`.
private struct EncodedAsset: Sendable {
    let identity: ByteBuffer
    let gzip: ByteBuffer?
    let contentType: String
    let etag: String

    init(_ bytes: ByteBuffer, type: String, version: String) {
        identity = bytes
        contentType = type
        etag = "\"\(version)\""
        let worthIt = Gzip.isCompressible(contentType: type) && bytes.readableBytes >= Limits.minCompressedBodyBytes
        gzip = worthIt ? (try? Gzip.compress(bytes, best: true)).flatMap { $0.readableBytes < bytes.readableBytes ? $0 : nil } : nil
    }

    private var gzipETag: String { "\"\(etag.dropFirst().dropLast())-gz\"" }

    func response(to request: Request, cacheControl: String) -> Response {
        let compressed = gzip.flatMap { Gzip.isAccepted(by: request) ? $0 : nil }
        let tag = compressed == nil ? etag : gzipETag
        var headers: HTTPFields = [.eTag: tag, .cacheControl: cacheControl]
        if Gzip.isCompressible(contentType: contentType) { headers.addVaryAcceptEncoding() }
        if EntityTagMatch.ifNoneMatch(request, names: tag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        if compressed != nil { headers[.contentEncoding] = Gzip.token }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: compressed ?? identity))
    }
}
