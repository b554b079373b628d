import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

// MARK: Requests

extension TestClientProtocol {
    /// Sends a request with an optional bearer token and a raw body (JSON unless told otherwise).
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, body: String? = nil,
        contentType: String? = "application/json", headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil, let contentType { headers[.contentType] = contentType }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// Sends a request whose body is `value` encoded with the wire contract's encoder.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json value: some Encodable
    ) async throws -> TestResponse {
        let data = try WallJSON.encoder().encode(value)
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: method, headers: headers, body: ByteBuffer(bytes: data))
    }
}

// MARK: Endpoints

extension TestClientProtocol {
    /// `POST /v1/auth/token` with the test password of `username`; returns the new token.
    func signIn(_ username: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let response = try await send(
            .post, "/v1/auth/token",
            json: AuthTokenRequest(username: username, password: TestServer.password(for: username))
        )
        try #require(response.status == .created, "sign-in of \(username): \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(NewToken.self).token
    }

    /// `POST /v1/share`.
    func share(_ request: ShareRequest, token: String?) async throws -> TestResponse {
        try await send(.post, "/v1/share", token: token, json: request)
    }

    /// Shares a link and expects it to be a new item (201).
    @discardableResult
    func shareLink(
        _ url: String, token: String, title: String? = nil, note: String? = nil, wall: String? = nil,
        tags: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ShareResponse {
        let request = ShareRequest(
            contentType: .url, url: url, title: title, userNote: note, wall: wall, tags: tags, source: .cli
        )
        return try await expectCreated(share(request, token: token), sourceLocation: sourceLocation)
    }

    /// Shares a passage and expects it to be a new item (201).
    @discardableResult
    func shareText(
        _ text: String, token: String, title: String? = nil, wall: String? = nil, tags: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ShareResponse {
        let request = ShareRequest(contentType: .text, text: text, title: title, wall: wall, tags: tags, source: .web)
        return try await expectCreated(share(request, token: token), sourceLocation: sourceLocation)
    }

    private func expectCreated(_ response: TestResponse, sourceLocation: SourceLocation) throws -> ShareResponse {
        try #require(response.status == .created, "share: \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(ShareResponse.self)
    }

    /// One page of `GET /v1/items`; `query` is the query string without `?`.
    func listItems(
        token: String, query: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ItemPage {
        let response = try await send(.get, query.isEmpty ? "/v1/items" : "/v1/items?\(query)", token: token)
        try #require(response.status == .ok, "list items: \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(ItemPage.self)
    }

    /// Every item `GET /v1/items` gives, following cursors page by page.
    func allItems(
        token: String, query: String = "", pageSize: Int = 200, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        let base = query.isEmpty ? "limit=\(pageSize)" : "\(query)&limit=\(pageSize)"
        repeat {
            let page = try await listItems(
                token: token, query: cursor.map { "\(base)&cursor=\($0)" } ?? base, sourceLocation: sourceLocation
            )
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }

    /// `GET /v1/items/{id}`.
    func item(_ id: UUID, token: String) async throws -> TestResponse {
        try await send(.get, "/v1/items/\(id)", token: token)
    }

    /// `GET /v1/walls/{ref}`, expecting 200.
    func wall(
        _ ref: String, token: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Wall {
        let response = try await send(.get, "/v1/walls/\(ref)", token: token)
        try #require(response.status == .ok, "get wall \(ref): \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(Wall.self)
    }

    /// `POST /v1/walls`, expecting 201.
    func createWall(
        _ name: String, slug: String? = nil, token: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Wall {
        let response = try await send(.post, "/v1/walls", token: token, json: WallCreateRequest(name: name, slug: slug))
        try #require(response.status == .created, "create wall: \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(Wall.self)
    }
}
