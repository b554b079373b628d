import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

extension TestClientProtocol {
    /// `POST /v1/share` with a multipart body.
    func shareFiles(_ form: TestMultipart, token: String?) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: form.contentType]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: "/v1/share", method: .post, headers: headers, body: ByteBuffer(bytes: form.finished))
    }

    /// Shares files (name, bytes) with one metadata part; expects 201 and returns the answer.
    func shareFiles(
        _ files: [(String, [UInt8])], token: String, id: UUID = UUID(), note: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ShareResponse {
        let response = try await shareFiles(TestMultipart.share(files, id: id, note: note), token: token)
        try #require(response.status == .created, "file share: \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(ShareResponse.self)
    }

    /// `GET /v1/items/{id}/{rendition}` with optional extra headers.
    func itemFile(_ id: UUID, _ rendition: String = "file", token: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.authorization] = "Bearer \(token)"
        return try await execute(uri: "/v1/items/\(id)/\(rendition)", method: .get, headers: headers, body: nil)
    }

    /// Polls the item until its state is no longer pending (the thumbnail job ran), for at most 30 s.
    func processedItem(_ id: UUID, token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Item {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let item = try await item(id, token: token).decode(Item.self)
            if item.state != .pending || ContinuousClock.now > deadline { return item }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

extension TestMultipart {
    /// A share of `files` with a metadata part naming `contentType`.
    static func share(
        _ files: [(String, [UInt8])], id: UUID = UUID(), contentType: ItemKind = .image, note: String? = nil,
        wall: String? = nil
    ) throws -> TestMultipart {
        var form = TestMultipart()
        let metadata = ShareRequest(id: id, contentType: contentType, userNote: note, wall: wall, source: .cli)
        form.add(name: "metadata", type: "application/json", Array(try WallJSON.encoder().encode(metadata)))
        for (name, bytes) in files { form.add(name: "file", filename: name, type: "image/jpeg", bytes) }
        return form
    }
}
