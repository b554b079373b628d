import Crypto
import Foundation
import WallS3

/// One test vector in the suite's four-file layout (`name.req`, `.creq`, `.sts`, `.authz`).
struct SigV4Vector: Sendable, CustomStringConvertible {
    let name: String
    let request: SignableRequest
    let date: Date
    let canonicalRequest: String
    let stringToSign: String
    let authorization: String

    var description: String { name }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    /// Every vector in one fixture folder (`sigv4-suite` or `s3-examples`).
    static func all(in folder: String) -> [SigV4Vector] {
        let root = fixtures.appending(path: folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().map { load(root.appending(path: $0), name: $0) }
    }

    private static func load(_ folder: URL, name: String) -> SigV4Vector {
        func read(_ ext: String) -> String {
            (try? String(contentsOf: folder.appending(path: "\(name).\(ext)"), encoding: .utf8)) ?? ""
        }
        let (request, date) = parse(read("req"))
        return SigV4Vector(
            name: name, request: request, date: date, canonicalRequest: read("creq"), stringToSign: read("sts"),
            authorization: read("authz")
        )
    }

    /// Reads `METHOD URI HTTP/1.1`, `Name:value` lines, a blank line and the body.
    private static func parse(_ text: String) -> (SignableRequest, Date) {
        let parts = text.components(separatedBy: "\n\n")
        var lines = parts[0].components(separatedBy: "\n")
        let body = parts.dropFirst().joined(separator: "\n\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        let target = String(requestLine[1])
        let path = String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        var query: [SignableRequest.QueryItem] = []
        if let mark = target.firstIndex(of: "?") {
            for pair in target[target.index(after: mark)...].split(separator: "&") {
                let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query.append(.init(String(nameValue[0]), nameValue.count > 1 ? String(nameValue[1]) : ""))
            }
        }
        let headers = lines.map { line -> SignableRequest.Header in
            let colon = line.firstIndex(of: ":")!
            return .init(String(line[..<colon]), String(line[line.index(after: colon)...]))
        }
        let payload = SHA256.hash(data: Data(body.utf8)).map { String(format: "%02x", $0) }.joined()
        let request = SignableRequest(method: String(requestLine[0]), path: path, query: query, headers: headers, payloadHash: payload)
        let stamp = request.header("x-amz-date") ?? ""
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return (request, formatter.date(from: stamp) ?? .distantPast)
    }
}
