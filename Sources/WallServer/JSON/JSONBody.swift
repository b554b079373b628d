import Foundation
import Hummingbird
import NIOCore
import WallCore

/// A JSON response with a status, encoded with the wire contract's coders.
struct JSONBody<Value: Encodable & Sendable>: ResponseGenerator {
    var value: Value
    var status: HTTPResponse.Status = .ok

    init(_ value: Value, status: HTTPResponse.Status = .ok) {
        self.value = value
        self.status = status
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        .json(ByteBuffer(bytes: try WallCoders.encoder.encode(value)), status: status)
    }
}

/// Wrappers that give list answers an object at the top (room to grow without breaking clients);
/// `WallList` is in WallCore, where clients read it.
struct TokenList: Encodable, Sendable { var tokens: [TokenInfo] }
