import Foundation
import Hummingbird
import NIOCore
import WallWeb

/// The web wall's static files from memory: `/assets/{name}` (kept for a year when asked for by
/// their versioned URL), and at the root, as browsers want them there, the service worker
/// (`/sw.js`), the manifest (`/manifest.webmanifest`) and the offline page (`/offline`).
struct AssetsController {
    let assets: StaticAssets

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
        guard let file = assets.files["sw.js"] else { throw HTTPError(.notFound) }
        let shell = ["app.css", "app.js", "queue.js", "icon.svg", "icon-192.png"].map { "\"\(assets.path($0))\"" }
        var body = ByteBuffer(string: """
            const DWALL_VERSION = "\(assets.version)";
            const DWALL_SHELL = ["/offline", \(shell.joined(separator: ", "))];

            """)
        body.writeBytes(file.bytes)
        return Response(
            status: .ok, headers: [.contentType: file.contentType, .cacheControl: "no-cache"], body: .init(byteBuffer: body)
        )
    }

    private func serve(_ name: String, _ request: Request, immutable: Bool) throws -> Response {
        guard let file = assets.files[name], name != "sw.js" else { throw HTTPError(.notFound) }
        let etag = "\"\(file.version)\""
        var headers: HTTPFields = [
            .eTag: etag, .cacheControl: immutable ? "public, max-age=31536000, immutable" : "no-cache",
        ]
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        headers[.contentType] = file.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
