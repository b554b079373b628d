import Foundation
import Testing
import WallMedia

/// libvips's loaders that are not made for hostile input stay blocked (`vips_block_untrusted_set`).
@Suite struct UntrustedImageLoaderTests {
    @Test(arguments: [
        ("picture.ppm", "P3\n2 2\n255\n0 0 0 255 255 255 0 0 0 255 255 255\n"),
        ("table.csv", "1,2,3\n4,5,6\n"),
    ])
    func imagesOnlyAnUntrustedLoaderReadsAreRefused(_ name: String, _ content: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-untrusted-\(UUID().uuidString)-\(name)").path
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: (any Error).self) { try ImageRenderer.dimensions(of: path) }
        #expect(throws: (any Error).self) { try ImageRenderer.rendition(of: path, width: 100) }
    }

    @Test func trustedLoadersStillRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-trusted-\(UUID().uuidString).png").path
        try Data(try ImageRenderer.noiseImage(width: 8, height: 6, png: true)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = try ImageRenderer.dimensions(of: path)
        #expect(size.width == 8 && size.height == 6)
    }
}
