import Foundation
import Testing
import WallWeb
import ZIPFoundation

/// The browser extension's zip: the source folder's files, its link to the web wall's share
/// client packed as that file, no dot files, the same bytes every time.
@Suite struct ExtensionPackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let source = root.appendingPathComponent("Extensions/browser")
    static let staticFiles = root.appendingPathComponent("Sources/WallWeb/Static")

    @Test func packsEveryFileWithTheSharedClientFromTheStaticFiles() throws {
        let assets = try StaticAssets(directory: Self.staticFiles)
        let package = try ExtensionPackage(folder: Self.source, assets: assets)
        let archive = try Archive(data: Data(package.bytes), accessMode: .read)
        var names: [String] = []
        for entry in archive {
            names.append(entry.path)
            var bytes = Data()
            _ = try archive.extract(entry, skipCRC32: false) { bytes.append($0) }
            let expected = try Data(contentsOf: Self.source.appendingPathComponent(entry.path))
            #expect(bytes == expected, "\(entry.path)")
        }
        #expect(names == package.paths)
        #expect(names.contains("manifest.json") && names.contains("src/queue.js") && names.contains("icons/icon-128.png"))
        #expect(!names.contains { $0.hasPrefix(".") || $0.contains("/.") })
        #expect(package.fileName == "digital-wall-extension-\(package.version).zip")
    }

    @Test func theSharedFilesAreTheLinksInTheSource() throws {
        for (path, name) in ExtensionPackage.sharedFiles {
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: Self.source.appendingPathComponent(path).path)
            #expect(link.hasSuffix("Sources/WallWeb/Static/\(name)"), "\(path) links to \(link)")
        }
    }

    @Test func theSameSourceGivesTheSameBytes() throws {
        let assets = try StaticAssets(directory: Self.staticFiles)
        let first = try ExtensionPackage(folder: Self.source, assets: assets)
        let second = try ExtensionPackage(folder: Self.source, assets: assets)
        #expect(first.bytes == second.bytes)
    }
}
