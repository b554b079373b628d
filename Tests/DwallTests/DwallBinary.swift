import Foundation

/// Where the `dwall` executable under test is: `DWALL_BINARY`, else beside the test bundle
/// (`swift build --build-tests` puts both in the same folder).
enum DwallBinary {
    static var path: String {
        if let path = ProcessInfo.processInfo.environment["DWALL_BINARY"] { return path }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("dwall").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return ".build/debug/dwall"
    }
}
