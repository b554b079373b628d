import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// gzip for response bodies, and what a request and a response say about it.
enum Gzip {
    /// `Content-Encoding` and `Accept-Encoding`'s name for it.
    static let token = "gzip"

    /// `bytes` compressed; `best` trades time for size (static files, compressed once at start).
    static func compress(_ bytes: ByteBuffer, best: Bool = false) throws -> ByteBuffer {
        var input = bytes
        let level: ZlibConfiguration.CompressionLevel = best ? .bestCompression : .defaultCompressionLevel
        return try input.compress(with: ZlibAlgorithm.gzip, configuration: ZlibConfiguration(compressionLevel: level))
    }

    /// Whether `request` accepts gzip: `Accept-Encoding` names it (or `*`, when it is not named)
    /// with a weight above zero.
    static func isAccepted(by request: Request) -> Bool {
        var weights: [String: Double] = [:]
        for value in request.headers[values: .acceptEncoding].flatMap({ $0.split(separator: ",") }) {
            let parts = value.split(separator: ";").map { $0.replacingOccurrences(of: " ", with: "").lowercased() }
            guard let coding = parts.first, !coding.isEmpty else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            weights[coding] = weight
        }
        return (weights[token] ?? weights["*"] ?? 0) > 0
    }

    /// Whether a response of this `Content-Type` is text worth compressing: HTML, CSS, script,
    /// JSON (the manifest too), SVG. Never the event stream, images or other files.
    /// Every response passes here, so an ASCII type (all of ours) is read byte by byte; anything
    /// else takes `isCompressibleSlowly`, which says the same for ASCII (tested).
    static func isCompressible(contentType: String?) -> Bool {
        guard let contentType else { return false }
        let utf8 = contentType.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return isCompressibleSlowly(contentType: contentType) }
        var media = utf8.prefix { $0 != UInt8(ascii: ";") }[...]
        while let first = media.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { media.removeFirst() }
        while let last = media.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { media.removeLast() }
        return compressibleTypes.contains { type in
            type.utf8.elementsEqual(media) { expected, byte in
                expected == (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
            }
        }
    }

    /// `isCompressible` for any text, with Foundation's trimming and lower-casing.
    static func isCompressibleSlowly(contentType: String) -> Bool {
        guard let type = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return false
        }
        return compressibleTypes.contains(type)
    }

    /// The compressible media types, lower-cased.
    static let compressibleTypes: [String] = [
        "application/json", "text/html", "text/css", "text/javascript", "application/javascript",
        "application/manifest+json", "application/problem+json", "image/svg+xml",
    ]
}

extension HTTPFields {
    /// Adds `Accept-Encoding` to `Vary` (once), since the body depends on it.
    mutating func addVaryAcceptEncoding() {
        let present = self[values: .vary].flatMap { $0.split(separator: ",") }
            .contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "accept-encoding" }
        if !present { append(HTTPField(name: .vary, value: "Accept-Encoding")) }
    }
}
