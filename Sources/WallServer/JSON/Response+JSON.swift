import Hummingbird
import NIOCore

extension Response {
    /// A response carrying a JSON body.
    static func json(_ body: ByteBuffer, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }
}
