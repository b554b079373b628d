import Foundation
import Hummingbird
import NIOCore
import WallWeb

/// `GET /downloads/digital-wall-extension-VERSION.zip`: the browser extension's zip that Settings
/// offers (`ExtensionPackage`, made at start), to unzip and load unpacked. Anyone may fetch it: it
/// is the extension's public source and holds nothing of anyone's.
struct ExtensionDownloadController {
    let package: ExtensionPackage?

    /// Where Settings links to the package, when there is one.
    static func href(_ package: ExtensionPackage) -> String { "/downloads/\(package.fileName)" }

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).get("/downloads/:name", use: download)
    }

    func download(_ request: Request, context: WallRequestContext) throws -> Response {
        guard let package, context.parameters.get("name") == package.fileName else { throw HTTPError(.notFound) }
        let etag = "\"\(package.hash)\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "no-cache"]
        if EntityTagMatch.ifNoneMatch(request, names: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] = "attachment; filename=\"\(package.fileName)\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: package.bytes)))
    }
}
