import Crypto
import Foundation
import WallCore
import WallExtension
import ZIPFoundation

/// The browser extension as the zip Settings offers (`Extensions/browser`, shipped in
/// `WallExtension`'s resource bundle): the same files `scripts/package-extension` packs, the
/// manifest at the root, no dot files, fixed timestamps, made once at start and kept in memory.
///
/// A file the extension shares with the web wall is a git link in the source (`src/queue.js` to
/// `Static/queue.js`), which the bundle keeps as a link that points nowhere; the zip takes that
/// file from the web wall's static files instead (`sharedFiles`).
public struct ExtensionPackage: Sendable {
    /// The extension's files that are the web wall's static files: their path in the extension,
    /// and the static file's name.
    public static let sharedFiles = ["src/queue.js": "queue.js"]

    /// The zip's bytes.
    public let bytes: [UInt8]
    /// The manifest's `version`.
    public let version: String
    /// The file's name to save it under: `digital-wall-extension-VERSION.zip`.
    public let fileName: String
    /// A short hash of the bytes, for its `ETag`.
    public let hash: String
    /// The path of every file in it, sorted.
    public let paths: [String]

    /// Packs the extension in `folder` (the one holding `manifest.json`), its shared files taken
    /// from `assets`.
    public init(folder: URL, assets: StaticAssets) throws {
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        guard let version = (manifest as? [String: Any])?["version"] as? String else { throw PackageError.noVersion }
        var files: [String: Data] = [:]
        for path in try Self.paths(in: folder) {
            if let name = Self.sharedFiles[path] {
                guard let shared = assets.files[name] else { throw PackageError.missing(path) }
                files[path] = Data(shared.bytes)
            } else {
                files[path] = try Data(contentsOf: folder.appendingPathComponent(path))
            }
        }
        let archive = try Archive(accessMode: .create)
        let stamp = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                   year: 2026, month: 1, day: 1).date ?? Date(timeIntervalSince1970: 0)
        for path in files.keys.sorted() {
            let data = files[path] ?? Data()
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: stamp,
                permissions: 0o644, compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        guard let zipped = archive.data else { throw PackageError.notWritten }
        bytes = [UInt8](zipped)
        self.version = version
        fileName = "digital-wall-extension-\(version).zip"
        hash = SHA256.hash(data: bytes).prefix(6).lowercaseHex
        paths = files.keys.sorted()
    }

    /// The package of the extension shipped beside the binary (or beside the web wall's own
    /// resources), or `nil` when it was not installed with the server.
    public static func shipped(assets: StaticAssets) throws -> ExtensionPackage? {
        let places = [Bundle.main.bundleURL, Bundle.module.bundleURL.deletingLastPathComponent()]
        guard let folder = ExtensionFiles.folder(in: places) else { return nil }
        return try ExtensionPackage(folder: folder, assets: assets)
    }

    /// Every file under `folder` but dot files and dot folders, as paths relative to it.
    private static func paths(in folder: URL) throws -> [String] {
        let root = folder.standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]
        ) else { return [] }
        var paths: [String] = []
        for case let url as URL in walk {
            let path = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
            if sharedFiles[path] != nil { paths.append(path); continue }
            if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory != true { paths.append(path) }
        }
        return paths.sorted()
    }

    /// Why the extension could not be packed.
    public enum PackageError: Error, Equatable {
        /// The manifest names no version.
        case noVersion
        /// A shared file's static file is not among the web wall's.
        case missing(String)
        /// The archive could not be written.
        case notWritten
    }
}
