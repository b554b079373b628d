import Foundation
import Hummingbird

/// The bookmarklet: opens this server's share page in a small window, with the page's link,
/// title and selected text. It runs on the other site, so it sends nothing itself.
enum Bookmarklet {
    static func href(origin: String) -> String {
        let origin = origin.replacingOccurrences(of: "'", with: "%27")
        return "javascript:(function(){var d=document,e=encodeURIComponent;window.open('\(origin)/share?url='+e(location.href)"
            + "+'&title='+e(d.title)+'&text='+e(String(getSelection())),'dwall','width=520,height=680');})()"
    }
}

extension WebApp {
    /// Where this server is reached: the public URL, else the request's `Host`.
    func origin(for request: Request) -> String {
        request.origin(publicURL: publicURL)
    }
}
