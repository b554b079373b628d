import Testing
@testable import WallServer

/// Which responses are worth compressing, read byte by byte, says what Foundation's trimming and
/// lower-casing say.
@Suite struct GzipTypeTests {
    static let types: [String] = [
        "application/json; charset=utf-8", "application/json", "APPLICATION/JSON", " text/html ;charset=utf-8",
        "\ttext/css\t", "text/event-stream", "image/png", "image/svg+xml", "Image/SVG+XML; x=1", "application/jsonx",
        "application/jso", "", ";", " ; text/html", "text/html\u{A0}", "\u{2003}text/html", "application/problem+json",
        "application/manifest+json;", "text/javascript", "application/javascript ", "application/octet-stream",
    ]

    @Test func agreesWithFoundation() {
        for type in Self.types {
            #expect(Gzip.isCompressible(contentType: type) == Gzip.isCompressibleSlowly(contentType: type), "\(type)")
        }
        for type in Gzip.compressibleTypes {
            #expect(Gzip.isCompressible(contentType: type.uppercased() + "; charset=utf-8"))
        }
        #expect(Gzip.isCompressible(contentType: "application/json; charset=utf-8"))
        #expect(!Gzip.isCompressible(contentType: "text/event-stream"))
        #expect(!Gzip.isCompressible(contentType: nil))
    }
}
