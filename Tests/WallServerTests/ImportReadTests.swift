import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// `POST /v1/import/read`: a bookmark file read by the server for the settings page, which
/// then sends the entries itself; nothing is stored by reading.
@Suite struct ImportReadTests {
    static let bookmarks = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <DL><p>
            <DT><H3>Reading</H3>
            <DL><p>
                <DT><A HREF="https://a.example/" ADD_DATE="1500000000">A</A>
                <DT><A HREF="javascript:void(0)">Bookmarklet</A>
            </DL><p>
        </DL><p>
        """

    func read(_ body: String, query: String = "", token: String?, client: some TestClientProtocol) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/octet-stream"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: "/v1/import/read" + query, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test func readsAFileIntoEntriesAndStoresNothing() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let response = try await read(Self.bookmarks, query: "?folders=walls", token: token, client: client)
            #expect(response.status == .ok, "\(response.text)")
            let preview = try response.decode(ImportPreview.self)
            #expect(preview.format == "netscape-html")
            #expect(preview.entries.map(\.url) == ["https://a.example/"])
            #expect(preview.entries.first?.wall == "Reading")
            #expect(preview.locations.count == 1)
            #expect(preview.problems.count == 1)
            #expect(preview.problems.first?.location == "line 6")
            #expect(try await client.allItems(token: token).isEmpty)
        }
    }

    @Test func refusals() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            try expectError(try await read(Self.bookmarks, token: nil, client: client), .unauthorized, .unauthorized)
            try expectError(try await read(Self.bookmarks, query: "?folders=boxes", token: token, client: client), .badRequest, .invalidField, field: "folders")
            try expectError(try await read("\u{0}\u{1} nothing here", token: token, client: client), .badRequest, .invalidField, field: "file")
        }
    }
}
