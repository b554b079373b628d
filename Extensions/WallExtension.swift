import Foundation

/// The browser extension's files (`Extensions/browser`), shipped as this module's resource bundle
/// so the server can offer them as a zip (`ExtensionPackage` in WallWeb) without a second copy in
/// git. The bundle is looked for by name, never through `Bundle.module`, which stops the process
/// when its bundle is missing: a server installed without it still runs, and offers no zip.
public enum ExtensionFiles {
    /// The name SwiftPM gives this module's resource bundle.
    public static let bundleName = "DigitalWall_WallExtension.resources"

    /// The extension's folder (the one holding `manifest.json`) in the first of `places` whose
    /// bundle holds it, or `nil` when none does.
    public static func folder(in places: [URL]) -> URL? {
        places.map { $0.appendingPathComponent(bundleName).appendingPathComponent("browser") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.json").path) }
    }
}
