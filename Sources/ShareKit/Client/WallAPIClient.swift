import Foundation
import WallCore

/// The Digital Wall API (v1) over an injected transport, with typed errors.
public struct WallAPIClient: Sendable {
    /// The server's base address.
    public var server: URL
    /// The bearer token, when signed in.
    public var token: String?
    /// What sends the requests.
    public var transport: any HTTPTransport

    /// Makes a client.
    public init(server: URL, token: String?, transport: any HTTPTransport) {
        self.server = server
        self.token = token
        self.transport = transport
    }

    // MARK: Sharing

    /// Sends one share (JSON, or multipart with files); the share's `id` is the idempotency key,
    /// so sending it again is always safe.
    public func share(_ share: ShareRequest, files: [UploadFile] = [], timeout: Duration? = nil) async throws(ShareError) -> ShareResponse {
        let metadata: Data
        do { metadata = try WallJSON.encoder().encode(share) } catch { throw .storage("The share could not be encoded: \(error)") }
        var request = HTTPRequestMessage(method: "POST", url: endpoint("v1/share"), body: metadata, timeout: timeout)
        if files.isEmpty {
            request.headers["Content-Type"] = "application/json"
        } else {
            let body: MultipartBody
            do { body = try MultipartBody(metadata: metadata, files: files) } catch { throw .storage("An attachment could not be read: \(error)") }
            request.body = body.data
            request.headers["Content-Type"] = body.contentType
        }
        return try ShareAcknowledgement.read(try await send(request), shareID: share.id).get()
    }

    /// The request for a share whose multipart body is written to `bodyFile` (for a background
    /// upload, which sends from a file): the headers, with the token, and no body.
    public func uploadRequest(_ share: ShareRequest, files: [UploadFile], bodyFile: URL) throws(ShareError) -> HTTPRequestMessage {
        let contentType: String
        do {
            let metadata = try WallJSON.encoder().encode(share)
            contentType = try MultipartFileWriter.write(metadata: metadata, files: files, to: bodyFile)
        } catch {
            throw .storage("The upload could not be prepared: \(error)")
        }
        var headers = ["Content-Type": contentType, "Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return HTTPRequestMessage(method: "POST", url: endpoint("v1/share"), headers: headers)
    }

    // MARK: Account

    /// Trades a user name and password for a new token (`POST /v1/auth/token`).
    public func signIn(_ body: AuthTokenRequest) async throws(ShareError) -> NewToken {
        try await decode(NewToken.self, from: send(json: body, "POST", "v1/auth/token"))
    }

    /// Who the token belongs to (`GET /v1/me`).
    public func me() async throws(ShareError) -> Me {
        try await decode(Me.self, from: send(HTTPRequestMessage(method: "GET", url: endpoint("v1/me"))))
    }

    /// Revokes a token of the caller's (`DELETE /v1/tokens/{id}`).
    public func revokeToken(id: UUID) async throws(ShareError) {
        _ = try await send(HTTPRequestMessage(method: "DELETE", url: endpoint("v1/tokens/\(id.uuidString)")))
    }

    // MARK: Reading

    /// The caller's walls, in switcher order.
    public func walls() async throws(ShareError) -> [Wall] {
        try await decode(WallList.self, from: send(HTTPRequestMessage(method: "GET", url: endpoint("v1/walls")))).walls
    }

    /// One page of the caller's items, newest first.
    public func items(_ filter: ItemFilter = ItemFilter()) async throws(ShareError) -> ItemPage {
        var components = URLComponents(url: endpoint("v1/items"), resolvingAgainstBaseURL: false)
        let parameters = filter.parameters
        if !parameters.isEmpty {
            components?.queryItems = parameters.map { URLQueryItem(name: $0.0, value: $0.1) }
            // The server reads a query as a form writes it, `+` a space; a search's own `+` is `%2B`.
            let query = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            components?.percentEncodedQuery = query
        }
        guard let url = components?.url else { throw .invalid(field: nil, message: "The filter does not make a valid address.") }
        return try await decode(ItemPage.self, from: send(HTTPRequestMessage(method: "GET", url: url)))
    }

    /// One of the caller's items (`GET /v1/items/{id}`); `notFound` when absent or someone else's.
    public func item(id: UUID) async throws(ShareError) -> Item {
        try await decode(Item.self, from: send(HTTPRequestMessage(method: "GET", url: endpoint("v1/items/\(id.uuidString)"))))
    }

    /// Fetches a link's page again for its preview (`POST /v1/items/{id}/refresh`); answers the
    /// item, now pending. `conflict` when it is not a link.
    public func refresh(id: UUID) async throws(ShareError) -> Item {
        try await decode(Item.self, from: send(HTTPRequestMessage(method: "POST", url: endpoint("v1/items/\(id.uuidString)/refresh"))))
    }

    // MARK: Plumbing

    private func endpoint(_ path: String) -> URL { server.appendingPathComponent(path) }

    func send(json body: some Encodable, _ method: String, _ path: String) async throws(ShareError) -> HTTPResponseMessage {
        let data: Data
        do { data = try WallJSON.encoder().encode(body) } catch { throw .storage("The request could not be encoded: \(error)") }
        return try await send(HTTPRequestMessage(method: method, url: endpoint(path), headers: ["Content-Type": "application/json"], body: data))
    }

    /// Sends with the token; a non-2xx answer becomes its typed error (also used by the import
    /// and export calls in `WallAPIClient+Import.swift`).
    func send(_ request: HTTPRequestMessage) async throws(ShareError) -> HTTPResponseMessage {
        var request = request
        request.headers["Accept"] = "application/json"
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        let response: HTTPResponseMessage
        do { response = try await transport.send(request) } catch { throw ShareError(transportError: error) }
        guard response.isSuccess else { throw ShareError(response: response) }
        return response
    }

    func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponseMessage) throws(ShareError) -> T {
        do {
            return try WallJSON.decoder().decode(type, from: response.body)
        } catch {
            throw .unexpected(status: response.status, message: "The answer could not be read: \(error)")
        }
    }
}
