import Foundation
import Hummingbird

extension Request {
    /// Where this server is reached: `publicURL` (`--public-url`) when set, else the scheme and
    /// `Host` this request came with.
    func origin(publicURL: URL?) -> String {
        if let publicURL { return publicURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        let scheme = isSecure(publicURL: nil) ? "https" : "http"
        return "\(scheme)://\(head.authority ?? "127.0.0.1")"
    }
}
