import Crypto
import Foundation
import HTTPTypes
import WallCore

/// CSRF tokens tied to a cookie's secret: the token is an HMAC of a fixed label keyed by the
/// secret, so only pages the server rendered for that browser (which can read no cookie, the
/// cookie being HttpOnly) know it, and nothing needs storing.
///
/// The same scheme covers the sign-in and setup forms, whose secret is a pre-session cookie.
enum CSRFToken {
    /// The header scripts send the token in.
    static let header = HTTPField.Name("X-CSRF-Token")!
    /// The form field forms send it in.
    static let field = "_csrf"

    /// The token for pages rendered for the holder of `secret`.
    static func token(forSecret secret: String) -> String {
        let key = SymmetricKey(data: Array(secret.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Array("dwall-csrf-v1".utf8), using: key)
        return Data(mac).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether `candidate` is the token for `secret`, compared in constant time.
    static func verify(_ candidate: String?, secret: String) -> Bool {
        guard let candidate else { return false }
        return ConstantTime.equal(candidate, token(forSecret: secret))
    }
}
