import Crypto
import Foundation
import HTTPTypes

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
        return constantTimeEqual(candidate, token(forSecret: secret))
    }

    /// Whether two strings are equal, taking as long whatever the first difference.
    static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let left = Array(left.utf8)
        let right = Array(right.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(left, right) { difference |= a ^ b }
        return difference == 0
    }
}
