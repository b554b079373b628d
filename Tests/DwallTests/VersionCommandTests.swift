import Foundation
import Testing
import WallCore

/// `dwall --version` names the release the binary was built as (`ReleaseVersion`), on stdout,
/// without touching a data folder.
@Suite struct VersionCommandTests {
    @Test func versionPrintsTheReleaseVersionAndExitsZero() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-version-\(UUID().uuidString)")
        let result = try CommandRunner.run(["--version"], environment: ["DWALL_DATA": data.path])
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        #expect(result.output == ReleaseVersion.current)
        #expect(!FileManager.default.fileExists(atPath: data.path), "no data folder made")
    }
}
