import Foundation
import ShareKit
import Testing
import WallCore

@Suite struct APIClientTests {
    let server = URL(string: "https://wall.example.com/base")!

    @Test func aShareIsPostedAsJSONWithTheTokenAndItsIDAsTheKey() async throws {
        let transport = CannedTransport { request, _ in CannedTransport.saved(request) }
        let client = WallAPIClient(server: server, token: "dw_secret", transport: transport)
        let share = ShareRequest(id: UUID.timeOrdered(), contentType: .url, url: "https://swift.org", tags: ["swift"], source: .cli)
        let response = try await client.share(share, timeout: .seconds(3))
        #expect(response.id == share.id)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == "POST")
        #expect(sent.url.absoluteString == "https://wall.example.com/base/v1/share")
        #expect(sent.headers["Authorization"] == "Bearer dw_secret")
        #expect(sent.headers["Content-Type"] == "application/json")
        #expect(sent.timeout == .seconds(3))
        #expect(CannedTransport.share(in: sent) == share)
    }

    @Test func filesGoAsMultipartWithAMetadataPart() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let photo = folder.url.appendingPathComponent("p.jpeg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: photo)
        let transport = CannedTransport { _, _ in CannedTransport.error(415, .unsupportedMediaType, "Not yet.") }
        let client = WallAPIClient(server: server, token: "t", transport: transport)
        let share = ShareRequest(contentType: .image, source: .cli)
        await #expect(throws: ShareError.unsupported("Not yet.")) {
            try await client.share(share, files: [UploadFile(fileURL: photo, filename: "Holiday \"1\".jpeg", mimeType: "image/jpeg")])
        }
        let sent = try #require(transport.requests.first)
        let contentType = try #require(sent.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let body = try #require(sent.body)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.hasPrefix("--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n{"))
        #expect(text.contains("Content-Disposition: form-data; name=\"file\"; filename=\"Holiday _1_.jpeg\"\r\nContent-Type: image/jpeg\r\n\r\n"))
        #expect(body.range(of: Data([0xFF, 0xD8, 0xFF])) != nil)
        #expect(text.hasSuffix("\r\n--\(boundary)--\r\n"))
    }

    @Test func itemFiltersBecomeQueryParameters() async throws {
        let transport = CannedTransport { _, _ in CannedTransport.json(200, ItemPage(items: [], nextCursor: "abc")) }
        let client = WallAPIClient(server: server, token: "t", transport: transport)
        let page = try await client.items(ItemFilter(
            wall: "reading list", kind: .url, search: "tag:c++ swift & co", savedSearch: "tax-pdfs", limit: 5
        ))
        #expect(page.nextCursor == "abc")
        let url = try #require(transport.requests.first?.url)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        #expect(items == [
            URLQueryItem(name: "wall", value: "reading list"), URLQueryItem(name: "kind", value: "url"),
            URLQueryItem(name: "q", value: "tag:c++ swift & co"), URLQueryItem(name: "search", value: "tax-pdfs"),
            URLQueryItem(name: "limit", value: "5"),
        ])
        let query = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
        #expect(query.contains("q=tag:c%2B%2B%20swift%20%26%20co"), "a search's + is sent as %2B, never read as a space: \(query)")
    }

    @Test func savedSearchesAreListedWithTheTokenAndTheirErrorsArriveTyped() async throws {
        let taxes = SavedSearch(
            id: UUID(), name: "Tax PDFs", query: "tag:tax kind:pdf", slug: "tax-pdfs",
            createdAt: Date(timeIntervalSince1970: 1_800_000_000), updatedAt: Date(timeIntervalSince1970: 1_800_000_100)
        )
        let transport = CannedTransport { _, index in
            index == 0 ? CannedTransport.json(200, SavedSearchList(searches: [taxes])) : CannedTransport.error(401, .unauthorized, "Bad token.")
        }
        let client = WallAPIClient(server: server, token: "dw_secret", transport: transport)
        #expect(try await client.savedSearches() == [taxes])
        let sent = try #require(transport.requests.first)
        #expect(sent.method == "GET")
        #expect(sent.url.absoluteString == "https://wall.example.com/base/v1/searches")
        #expect(sent.headers["Authorization"] == "Bearer dw_secret")
        await #expect(throws: ShareError.unauthorized("Bad token.")) { try await client.savedSearches() }
        let unreadable = WallAPIClient(server: server, token: "t", transport: CannedTransport { _, _ in CannedTransport.json(200, WallList(walls: [])) })
        do {
            _ = try await unreadable.savedSearches()
            Issue.record("an answer without searches must throw")
        } catch {
            guard case .unexpected(status: 200, _) = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func errorsArriveTyped() async {
        let transport = CannedTransport { request, _ in
            if request.url.path.hasSuffix("/v1/me") { return CannedTransport.error(401, .unauthorized, "Bad token.") }
            if request.url.path.hasSuffix("/v1/walls") { throw URLError(.notConnectedToInternet) }
            return HTTPResponseMessage(status: 201, body: Data("not json".utf8))
        }
        let client = WallAPIClient(server: server, token: "t", transport: transport)
        await #expect(throws: ShareError.unauthorized("Bad token.")) { try await client.me() }
        await #expect(throws: ShareError.offline(URLError(.notConnectedToInternet).localizedDescription)) { try await client.walls() }
        do {
            _ = try await client.share(ShareRequest(contentType: .text, text: "x"))
            Issue.record("an unreadable 201 must throw")
        } catch {
            #expect(!error.meansDelivered && error.shouldKeepForLater, "a 2xx that does not name the share is not its acknowledgement")
        }
    }

    @Test func onlyA2xxNamingTheShareAcknowledgesIt() async throws {
        let share = ShareRequest(contentType: .text, text: "x")
        let answers: [(String, HTTPResponseMessage, delivered: Bool)] = [
            ("a network's sign-in page", HTTPResponseMessage(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>Sign in to the Wi-Fi</html>".utf8)), false),
            ("another share's answer", CannedTransport.json(201, ["id": UUID().uuidString]), false),
            ("this share's id, the rest unreadable", CannedTransport.json(201, ["id": share.id.uuidString, "item": "?"]), true),
        ]
        for (name, answer, delivered) in answers {
            let client = WallAPIClient(server: server, token: "t", transport: CannedTransport { _, _ in answer })
            do {
                _ = try await client.share(share)
                Issue.record("\(name): answered as a share")
            } catch {
                #expect(error.meansDelivered == delivered, "\(name): \(error)")
                #expect(delivered || error.shouldKeepForLater, "\(name): kept to be sent again")
            }
        }
        let client = WallAPIClient(server: server, token: "t", transport: CannedTransport { request, _ in CannedTransport.saved(request) })
        #expect(try await client.share(share).id == share.id, "the server's own answer")
    }

    @Test func signInSendsTheCredentialsWithoutAToken() async throws {
        let info = TokenInfo(id: UUID(), label: "cli", createdAt: Date(timeIntervalSince1970: 1_800_000_000), lastUsedAt: nil)
        let transport = CannedTransport { _, _ in CannedTransport.json(201, NewToken(token: "dw_new", info: info)) }
        let client = WallAPIClient(server: server, token: nil, transport: transport)
        let token = try await client.signIn(AuthTokenRequest(username: "alice", password: "pw", label: "cli"))
        #expect(token.token == "dw_new")
        let sent = try #require(transport.requests.first)
        #expect(sent.headers["Authorization"] == nil)
        #expect(try WallJSON.decoder().decode(AuthTokenRequest.self, from: sent.body ?? Data()).username == "alice")
    }
}

/// The production transport against a real socket on loopback.
@Suite struct URLSessionTransportTests {
    @Test(.timeLimit(.minutes(1)))
    func anAnswerThatKeepsTricklingIsCutOffAtTheRequestsTimeout() async throws {
        let server = try TricklingServer(bytes: 60, interval: 0.25)
        defer { server.stop() }
        let request = HTTPRequestMessage(
            method: "GET", url: try #require(URL(string: "http://127.0.0.1:\(server.port)/")), timeout: .seconds(1)
        )
        do {
            let response = try await URLSessionTransport().send(request)
            Issue.record("a 15 s answer came whole past a 1 s timeout: \(response.status)")
        } catch {
            #expect(ShareError(transportError: error) == .timedOut, "\(error)")
        }
    }
}
