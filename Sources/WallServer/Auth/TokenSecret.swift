import Crypto
import Foundation

/// API token secrets: 32 random bytes shown once as `dw_…`; only their SHA-256 is stored.
public enum TokenSecret {
    /// A new random token.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "dw_" + base64
    }

    /// The hex SHA-256 of a token, the form the store keeps.
    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
