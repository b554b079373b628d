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
    static func isCompressible(contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return false
        }
        return compressibleTypes.contains(type)
    }

    private static let compressibleTypes: Set<String> = [
        "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
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
