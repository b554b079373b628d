import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The body's bytes.
    var data: Data { Data(body.readableBytesView) }

    /// The body decoded with the wire contract's decoder.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try WallJSON.decoder().decode(T.self, from: data)
    }

    /// A header by name.
    func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headers[$0] }
    }
}

/// Checks that `response` is an error of the API's one shape with this status and code (and
/// field, when one is given); returns the decoded body.
@discardableResult
func expectError(
    _ response: TestResponse, _ status: HTTPResponse.Status, _ code: ErrorCode, field: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ErrorBody {
    #expect(response.status == status, "body: \(response.text)", sourceLocation: sourceLocation)
    #expect(
        response.headers[.contentType]?.hasPrefix("application/json") == true,
        "content type \(response.headers[.contentType] ?? "none")", sourceLocation: sourceLocation
    )
    let body = try #require(
        try? response.decode(ErrorBody.self), "not an error body: \(response.text)", sourceLocation: sourceLocation
    )
    #expect(body.error.code == code, "message: \(body.error.message)", sourceLocation: sourceLocation)
    #expect(!body.error.message.isEmpty, sourceLocation: sourceLocation)
    if let field {
        #expect(body.error.field == field, "message: \(body.error.message)", sourceLocation: sourceLocation)
    }
    return body
}
