import HTTPTypes
import Hummingbird
import NIOCore
import WallCore

/// Compresses text responses with gzip for clients that accept it, and says `Vary:
/// Accept-Encoding` on every response whose type it would compress.
///
/// Only whole bodies of known length between `Limits.minCompressedBodyBytes` and
/// `Limits.maxCompressedBodyBytes` are compressed: a stream (the event stream above all) is never
/// held back, and files (anything sent with `Content-Disposition` or as ranges), images and
/// bodies already encoded (the static files, compressed once at start) pass as they are. A
/// strong `ETag` becomes weak, since the bytes are no longer the ones it named.
struct CompressionMiddleware: RouterMiddleware {
    typealias Context = WallRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let headers = response.headers
        guard Gzip.isCompressible(contentType: headers[.contentType]), headers[.contentEncoding] == nil,
              headers[.contentDisposition] == nil, headers[.contentRange] == nil, headers[.acceptRanges] == nil
        else { return response }
        response.headers.addVaryAcceptEncoding()
        guard let length = response.body.contentLength,
              (Limits.minCompressedBodyBytes...Limits.maxCompressedBodyBytes).contains(length), Gzip.isAccepted(by: request)
        else { return response }
        let compressed = try Gzip.compress(try await response.body.collected(length: length))
        response.headers[.contentEncoding] = Gzip.token
        if let etag = headers[.eTag], etag.hasPrefix("\"") { response.headers[.eTag] = "W/" + etag }
        response.body = ResponseBody(byteBuffer: compressed)
        return response
    }
}

extension ResponseBody {
    /// The whole body in one buffer (a body of known, bounded length: see `CompressionMiddleware`).
    func collected(length: Int) async throws -> ByteBuffer {
        let sink = BodySink(capacity: length)
        try await write(CollectingBodyWriter(sink: sink))
        return sink.buffer
    }
}

/// Where `CollectingBodyWriter` puts what it is given (a class, since the writer is consumed).
private final class BodySink: @unchecked Sendable {
    var buffer: ByteBuffer

    init(capacity: Int) { buffer = ByteBuffer(); buffer.reserveCapacity(capacity) }
}

/// A body writer that keeps what is written instead of sending it.
private struct CollectingBodyWriter: ResponseBodyWriter {
    let sink: BodySink

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        sink.buffer.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
