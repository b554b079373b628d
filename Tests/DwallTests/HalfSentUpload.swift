import Foundation

/// A multipart `POST /v1/share` of one picture of which only the first half of the bytes is sent,
/// on a raw connection left open, so a test can kill the server in the middle of the upload.
enum HalfSentUpload {
    /// Sends the request line, headers, metadata part and half of `picture` for share `id`;
    /// returns the open connection (close it when done).
    static func start(port: Int, token: String, id: UUID, picture: Data) throws -> RawConnection {
        let boundary = "kill-\(UUID().uuidString)"
        var head = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n".utf8)
        head += Data(#"{"id":"\#(id.uuidString)","contentType":"image"}"#.utf8)
        head += Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.png\"\r\n\r\n".utf8)
        let total = head.count + picture.count + "\r\n--\(boundary)--\r\n".utf8.count
        let connection = try RawConnection(port: port)
        try connection.send(Data("""
            POST /v1/share HTTP/1.1\r
            Host: 127.0.0.1\r
            Authorization: Bearer \(token)\r
            Content-Type: multipart/form-data; boundary=\(boundary)\r
            Content-Length: \(total)\r
            \r

            """.utf8) + head + picture.prefix(picture.count / 2))
        return connection
    }
}
