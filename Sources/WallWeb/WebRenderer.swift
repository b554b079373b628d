import Foundation
import Mustache

/// Renders the web wall's pages from the Mustache templates shipped with this module.
///
/// Templates escape every `{{value}}` for HTML (`<`, `>`, `&`, `"`, `'`); no template uses the
/// unescaped forms, and a test keeps it that way.
public struct WebRenderer: Sendable {
    private let library: MustacheLibrary
    /// The static files, for their versioned URLs.
    public let assets: StaticAssets
    /// The browser extension's zip, when its files were installed with the server.
    public let extensionPackage: ExtensionPackage?

    /// Loads the templates and static files from the module's resources.
    public init() async throws {
        guard let resources = Bundle.module.resourceURL else { throw WebResourcesMissing() }
        try await self.init(
            templates: resources.appendingPathComponent("Templates"),
            staticFiles: resources.appendingPathComponent("Static"),
            shippedExtension: true
        )
    }

    /// Loads templates and static files from these folders, and packs the extension shipped
    /// beside them when `shippedExtension`.
    public init(templates: URL, staticFiles: URL, shippedExtension: Bool = false) async throws {
        library = try await MustacheLibrary(directory: templates.path)
        guard library.getTemplate(named: "layout") != nil else { throw WebResourcesMissing() }
        assets = try StaticAssets(directory: staticFiles)
        extensionPackage = shippedExtension ? try ExtensionPackage.shipped(assets: assets) : nil
    }

    /// The page as HTML.
    public func render(_ page: some WebPage) -> String {
        library.render(page, withTemplate: type(of: page).template) ?? ""
    }

    /// One template by name, for fragments (cards for infinite scroll and live updates).
    public func render(_ object: Any, template: String) -> String {
        library.render(object, withTemplate: template) ?? ""
    }
}

/// A page the renderer can show: a view model and the template it fills.
public protocol WebPage: Sendable {
    /// The template's name (its file name without `.mustache`).
    static var template: String { get }
}

/// The templates were not shipped next to the binary.
public struct WebResourcesMissing: Error, CustomStringConvertible {
    /// What to do about it.
    public var description: String {
        "The web wall's templates were not found; keep DigitalWall_WallWeb.resources next to the dwall binary."
    }
}
