import Crypto
import Foundation

/// API token secrets: 32 random bytes shown once as `dw_…`; only their SHA-256 is stored.
public enum TokenSecret {
    /// A new random token; `prefix` tells kinds of secret apart (`ds_` for web sessions).
    public static func generate(prefix: String = "dw_") -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + base64
    }

    /// The hex SHA-256 of a token, the form the store keeps. (On every request: no `String(format:)`.)
    public static func hash(_ token: String) -> String {
        let digest = SHA256.hash(data: Array(token.utf8))
        var hex = [UInt8]()
        hex.reserveCapacity(SHA256.byteCount * 2)
        for byte in digest {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
