import Foundation
import WallCore

extension HTTPClient {
    /// Shares a file as `POST /v1/share` multipart (a `metadata` JSON part and a `file` part).
    func shareFile(id: UUID = UUID(), _ bytes: Data, name: String, contentType: String) async throws -> Reply {
        let boundary = "dwall-test-\(UUID().uuidString)"
        let metadata = #"{"id":"\#(id.uuidString)","contentType":"image"}"#
        var body = Data()
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n\(metadata)\r\n".utf8))
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: \(contentType)\r\n\r\n".utf8))
        body.append(bytes)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return try await send("POST", "/v1/share", json: body, headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"])
    }

    /// The bytes of an item's file (`GET /v1/items/{id}/file`).
    func fileBytes(of itemID: UUID) async throws -> Reply {
        try await send("GET", "/v1/items/\(itemID.uuidString)/file")
    }
}
