import Crypto
import Foundation
import WallCore

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
        SHA256.hash(data: Array(token.utf8)).withUnsafeBytes { $0.lowercaseHex }
    }
}
