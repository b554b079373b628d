import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ShareKit
import WallCore

/// A small JSON client for end-to-end tests against a real server.
struct HTTPClient: Sendable {
    var baseURL: URL
    var token: String?

    struct Reply: Sendable {
        var status: Int
        var body: Data
        var headers: [String: String]

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try WallJSON.decoder().decode(type, from: body) }
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    func send(_ method: String, _ path: String, json: Data? = nil, headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        request.httpMethod = method
        request.httpBody = json
        if json != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.session.cancellableData(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)".lowercased()] = "\(value)" }
        return Reply(status: http.statusCode, body: data, headers: fields)
    }

    func share(_ request: ShareRequest) async throws -> Reply {
        try await send("POST", "/v1/share", json: try WallJSON.encoder().encode(request))
    }

    /// Every item on the caller's walls, following cursors to the end.
    func allItems() async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        repeat {
            let query = "/v1/items?limit=200" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try await send("GET", query).decode(ItemPage.self)
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }
}
