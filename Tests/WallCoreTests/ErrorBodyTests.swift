import Foundation
import Testing
import WallCore

@Suite struct ErrorBodyTests {
    // MARK: Helpers

    /// The `error` object of an encoded body.
    private func detail(of body: ErrorBody) throws -> [String: Any] {
        let data = try WallJSON.encoder().encode(body)
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(top.keys) == ["error"])
        return try #require(top["error"] as? [String: Any])
    }

    // MARK: Shape

    @Test func bodyWithFieldHasCodeMessageAndField() throws {
        let inner = try detail(of: ErrorBody(code: .missingField, message: "url is required.", field: "url"))
        #expect(Set(inner.keys) == ["code", "message", "field"])
        #expect(inner["code"] as? String == "missing_field")
        #expect(inner["message"] as? String == "url is required.")
        #expect(inner["field"] as? String == "url")
    }

    @Test func bodyWithoutFieldLeavesItOut() throws {
        let inner = try detail(of: ErrorBody(code: .unauthorized, message: "Sign in again."))
        #expect(Set(inner.keys) == ["code", "message"])
        #expect(inner["code"] as? String == "unauthorized")
    }

    @Test func bodyIsReadBack() throws {
        let json = #"{"error": {"code": "rate_limited", "message": "Slow down.", "field": null}}"#
        let body = try WallJSON.decoder().decode(ErrorBody.self, from: Data(json.utf8))
        #expect(body == ErrorBody(code: .rateLimited, message: "Slow down."))
    }

    @Test func unknownCodeIsADecodingError() {
        let json = #"{"error": {"code": "teapot", "message": "?"}}"#
        #expect(throws: DecodingError.self) { try WallJSON.decoder().decode(ErrorBody.self, from: Data(json.utf8)) }
    }

    // MARK: Codes

    @Test(arguments: [
        (ErrorCode.invalidJSON, "invalid_json"),
        (.invalidField, "invalid_field"),
        (.missingField, "missing_field"),
        (.unauthorized, "unauthorized"),
        (.notFound, "not_found"),
        (.conflict, "conflict"),
        (.shareDeleted, "share_deleted"),
        (.wallNotEmpty, "wall_not_empty"),
        (.tooLarge, "too_large"),
        (.unsupportedMediaType, "unsupported_media_type"),
        (.rateLimited, "rate_limited"),
        (.unavailable, "unavailable"),
        (.internalError, "internal"),
    ])
    func codeIsWrittenInSnakeCase(code: ErrorCode, wire: String) throws {
        #expect(try detail(of: ErrorBody(code: code, message: "m"))["code"] as? String == wire)
    }

    @Test(arguments: ErrorCode.allCases)
    func everyCodeIsSnakeCase(code: ErrorCode) {
        let words = code.rawValue.split(separator: "_", omittingEmptySubsequences: false)
        #expect(words.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLowercase } })
    }

    // MARK: From validation errors

    @Test func validationErrorBecomesABody() throws {
        let error = #expect(throws: ValidationError.self) {
            try ShareRequest(contentType: .url, url: "ftp://example.com/").validated()
        }
        let body = try #require(error?.body)
        #expect(body.error.code == .invalidField)
        #expect(body.error.field == "url")
        #expect(body.error.message == error?.message)
        #expect(error?.description == error?.message)
    }
}
