import Foundation
import Testing

/// Signs in through the web wall's sign-in form over a plain connection, for attacks that need a
/// browser's session (the share target).
enum WebSignIn {
    /// The `Cookie` header value of a signed-in session of `username`.
    static func sessionCookie(port: Int, username: String = "alice", password: String = "correct horse battery") throws -> String {
        let page = try exchange(port: port, "GET /signin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let preSession = try #require(match(page, #"dwall_pre=([^;\r\n]+)"#))
        let csrf = try #require(match(page, #"name="csrf-token" content="([^"]*)""#))
        let form = "username=\(username)&password=\(password.replacingOccurrences(of: " ", with: "+"))&_csrf=\(csrf)"
        let signedIn = try exchange(
            port: port,
            "POST /signin HTTP/1.1\r\nHost: x\r\nCookie: dwall_pre=\(preSession)\r\nConnection: close\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n\r\n\(form)"
        )
        let session = try #require(match(signedIn, #"dwall_session=([^;\r\n]+)"#), "sign-in failed: \(signedIn.prefix(300))")
        return "dwall_session=\(session)"
    }

    private static func exchange(port: Int, _ request: String) throws -> String {
        let connection = try AttackConnection(port: port)
        connection.send(request)
        return String(decoding: connection.read(timeout: 30).bytes, as: UTF8.self)
    }

    private static func match(_ text: String, _ pattern: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(found.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}
