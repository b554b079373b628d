import Foundation
import HTTPTypes
import Hummingbird

/// The web wall's cookies: the session (HttpOnly, SameSite=Lax, Secure behind https) and the
/// pre-session cookie whose secret keys the CSRF token of the sign-in and setup forms.
enum WebCookies {
    /// The session cookie's name.
    static let session = "dwall_session"
    /// The pre-session cookie's name.
    static let preSession = "dwall_pre"

    /// A session cookie holding `secret`.
    static func session(_ secret: String, secure: Bool) -> Cookie {
        Cookie(
            name: session, value: secret, maxAge: Int(SessionAuthenticator.lifetime), path: "/", secure: secure,
            httpOnly: true, sameSite: .lax
        )
    }

    /// A pre-session cookie holding `secret`, for an hour.
    static func preSession(_ secret: String, secure: Bool) -> Cookie {
        Cookie(name: preSession, value: secret, maxAge: 3_600, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// A cookie that removes the one of this name.
    static func expired(_ name: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}

extension Request {
    /// The session cookie's secret, if the browser sent one.
    var sessionSecret: String? { cookieValue(WebCookies.session) }

    /// The pre-session cookie's secret.
    var preSessionSecret: String? { cookieValue(WebCookies.preSession) }

    /// Whether the browser reached us over https (directly or, as a proxy says, through it).
    func isSecure(publicURL: URL?) -> Bool {
        if publicURL?.scheme?.lowercased() == "https" { return true }
        return headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    private func cookieValue(_ name: String) -> String? {
        guard let value = cookies[name]?.value, !value.isEmpty else { return nil }
        return value
    }
}
