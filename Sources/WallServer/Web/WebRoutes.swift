import Foundation
import Hummingbird
import Logging
import NIOCore
import WallApp
import WallCore
import WallStore
import WallWeb

/// Mounts the web wall: the pages (behind the session and CSRF middleware, with security headers
/// and error pages), the share target (which decides on its own about an unverified POST), and
/// the static files.
enum WebRoutes {
    static func add(
        to router: Router<WallRequestContext>, web: WebApp, signIns: SignInLimiter
    ) {
        let pages = pageRoutes(web: web, session: WebSessionMiddleware(sessions: web.sessions, publicURL: web.publicURL))
        pages.addRoutes(WallPageController(web: web).endpoints)
        pages.addRoutes(ItemPageController(web: web).endpoints)
        pages.addRoutes(SharePageController(web: web).endpoints)
        pages.addRoutes(SettingsController(web: web, signIns: signIns).endpoints)
        pages.addRoutes(SetupController(web: web).endpoints)
        pages.addRoutes(JoinController(web: web).endpoints)
        pages.addRoutes(SignInController(web: web, signIns: signIns).endpoints)
        router.addRoutes(pages)

        let shareTarget = pageRoutes(web: web, session: WebSessionMiddleware(
            sessions: web.sessions, publicURL: web.publicURL, csrf: .shareTarget
        ))
        shareTarget.addRoutes(SharePageController(web: web).shareTargetEndpoints)
        router.addRoutes(shareTarget)

        let sharePage = pageRoutes(web: web, session: WebSessionMiddleware(
            sessions: web.sessions, publicURL: web.publicURL, csrf: .sharePage
        ))
        sharePage.addRoutes(SharePageController(web: web).savingEndpoints)
        router.addRoutes(sharePage)

        let assets = RouteCollection(context: WallRequestContext.self).add(middleware: SecurityHeadersMiddleware())
        assets.addRoutes(AssetsController(assets: web.renderer.assets).endpoints)
        assets.addRoutes(ExtensionDownloadController(package: web.renderer.extensionPackage).endpoints)
        router.addRoutes(assets)
    }

    /// A group of pages: security headers, error pages outside the session (for its own
    /// refusals) and again inside it (so pages about route errors carry the session's CSRF token).
    private static func pageRoutes(
        web: WebApp, session: WebSessionMiddleware
    ) -> RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self)
            .add(middleware: SecurityHeadersMiddleware())
            .add(middleware: WebErrorMiddleware(web: web))
            .add(middleware: session)
            .add(middleware: WebErrorMiddleware(web: web))
    }
}

extension FirstRunSetup {
    /// Logs the setup link once the server listens, if nobody has an account yet.
    func logLinkIfNeeded(store: any WallStore, publicURL: String?, channel: any Channel, logger: Logger) async {
        do {
            guard try await store.userCount() == 0 else { return }
        } catch {
            logger.warning("Could not tell whether anyone has an account", metadata: ["error": "\(error)"])
            return
        }
        let listening = channel.localAddress.map { address in
            let ip = address.ipAddress ?? "127.0.0.1"
            let host = ip == "0.0.0.0" || ip == "::" ? "localhost" : ip.contains(":") ? "[\(ip)]" : ip
            return "http://\(host):\(address.port ?? 8080)"
        }
        let base = publicURL?.trimmingCharacters(in: CharacterSet(charactersIn: "/")) ?? listening ?? "http://127.0.0.1:8080"
        guard let link = link(base: base) else { return }
        logger.notice("No account yet. Open this one-time link to make the first one: \(link)")
    }
}
