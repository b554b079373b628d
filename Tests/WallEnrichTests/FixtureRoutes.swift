import Foundation
import NIOCore
import NIOHTTP1

/// What the fixture server answers on each path.
enum FixtureRoutes {
    /// A 1×1 PNG.
    static let png: [UInt8] = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!)

    static func reply(_ path: String, port: Int) -> FixtureServer.Reply {
        typealias Reply = FixtureServer.Reply
        let html = [("Content-Type", "text/html; charset=utf-8")]
        func redirect(_ location: String, _ status: HTTPResponseStatus = .found) -> Reply {
            Reply(status: status, headers: [("Location", location)])
        }
        func file(_ name: String, _ type: String) -> Reply {
            Reply(headers: [("Content-Type", type)], body: (try? Corpus.bytes(name)) ?? [])
        }
        switch path {
        case "/article.html": return file("article.html", "text/html; charset=utf-8")
        case "/cp1252.html": return file("cp1252.html", "text/html; charset=windows-1252")
        case "/shift_jis.html": return file("shift_jis.html", "text/html")
        case "/broken.html": return file("broken.html", "text/html")
        case "/xhtml": return file("main.html", "application/xhtml+xml")
        case "/huge.html":
            return Reply(headers: html, body: Array(repeating: UInt8(ascii: "a"), count: 5 * 1_048_576 + 1))
        case "/huge-chunked.html":
            return Reply(headers: html, body: Array(repeating: UInt8(ascii: "a"), count: 5 * 1_048_576 + 1), chunked: true)
        case "/drip.html":
            return Reply(headers: html, body: Array("<html><title>slow</title>".utf8) + Array(repeating: 32, count: 200), drip: .milliseconds(100))
        case "/pdf": return Reply(headers: [("Content-Type", "application/pdf")], body: Array("%PDF-1.4".utf8))
        case "/untyped": return Reply(headers: [], body: Array("<html>".utf8))
        case "/image.png": return Reply(headers: [("Content-Type", "image/png")], body: png)
        case "/image-as-html": return Reply(headers: html, body: png)
        case "/html-as-png": return Reply(headers: [("Content-Type", "image/png")], body: Array("<script>x</script>".utf8))
        case "/image.svg":
            return Reply(headers: [("Content-Type", "image/svg+xml")], body: Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8))
        case "/huge.png":
            return Reply(headers: [("Content-Type", "image/png")], body: png + Array(repeating: 0, count: 10 * 1_048_576))
        case "/missing": return Reply(status: .notFound, headers: html, body: Array("gone".utf8))
        case "/unavailable": return Reply(status: .serviceUnavailable, headers: html)
        case "/redirect-no-location": return Reply(status: .movedPermanently, headers: [])
        case "/to-loopback": return redirect("http://127.0.0.1:\(port)/article.html")
        case "/to-metadata": return redirect("http://169.254.169.254/latest/meta-data/")
        case "/to-mapped": return redirect("http://[::ffff:127.0.0.1]:\(port)/article.html")
        case "/to-localhost": return redirect("http://localhost:\(port)/article.html")
        case "/to-intranet": return redirect("http://intranet.example:\(port)/article.html")
        case "/to-file": return redirect("file:///etc/passwd")
        case "/loop": return redirect("/loop", .temporaryRedirect)
        default:
            if path.hasPrefix("/chain/"), let left = Int(path.dropFirst("/chain/".count)) {
                return left == 0 ? file("article.html", "text/html") : redirect("/chain/\(left - 1)", .movedPermanently)
            }
            return Reply(status: .notFound, headers: html)
        }
    }
}
