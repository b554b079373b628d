import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// A browser for router tests: keeps cookies, reads each page's CSRF token, posts forms.
final class WebBrowser: @unchecked Sendable {
    let client: any TestClientProtocol
    /// Cookies by name, as the server last set them.
    private(set) var cookies: [String: String] = [:]
    /// The raw `Set-Cookie` lines of the last response.
    private(set) var lastSetCookies: [String] = []
    /// The CSRF token of the last page read.
    private(set) var csrf: String?

    init(_ client: any TestClientProtocol) { self.client = client }

    /// GETs a page (following nothing), keeping its cookies and CSRF token.
    @discardableResult
    func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await send(.get, path, headers: headers, body: nil)
    }

    /// POSTs a form; the page's CSRF token is added unless `csrf` is false.
    @discardableResult
    func post(
        _ path: String, _ fields: [(String, String)] = [], csrf withToken: Bool = true, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = fields
        if withToken, let csrf { fields.append(("_csrf", csrf)) }
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(.post, path, headers: headers, body: ByteBuffer(string: body))
    }

    /// Sends a request with this browser's cookies (an API call the page's script would make).
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: ByteBuffer?
    ) async throws -> TestResponse {
        var headers = headers
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        let response = try await client.execute(uri: path, method: method, headers: headers, body: body)
        remember(response)
        return response
    }

    /// Signs in through the sign-in form with the test password.
    func signIn(_ username: String = "alice", sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await get("/signin")
        let response = try await post("/signin", [("username", username), ("password", TestServer.password(for: username))])
        try #require(response.status == .seeOther, "sign-in: \(response.status) \(response.text)", sourceLocation: sourceLocation)
        try await get("/")
    }

    /// Forgets a cookie (as if it expired).
    func drop(_ name: String) { cookies[name] = nil }

    private func remember(_ response: TestResponse) {
        lastSetCookies = response.headers[values: .setCookie]
        for line in lastSetCookies {
            let pair = line.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1)
            guard let name = pair.first.map(String.init) else { continue }
            let value = pair.count > 1 ? String(pair[1]) : ""
            if value.isEmpty || line.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        let text = String(buffer: response.body)
        if let range = text.range(of: #"name="csrf-token" content="([^"]*)""#, options: .regularExpression) {
            let match = text[range]
            csrf = match.split(separator: "\"").dropFirst(3).first.map(String.init)
        }
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension TestResponse {
    /// The `Location` of a redirect.
    var location: String? { headers[.location] }
}
