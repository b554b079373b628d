import Foundation
import Testing
import WallMedia

/// A PDF's text through `pdftotext` (poppler-utils, installed by scripts/install-packages), and
/// the bounds that keep a tool that hangs or never stops writing from holding its job.
@Suite struct PDFTextTests {
    @Test func aPDFsTextIsReadAndCutAtTheLimit() async throws {
        try await withFile(TestFiles.pdf()) { path in
            let whole = try await PDFText.extract(path: path, limit: 1_000)
            let cut = try await PDFText.extract(path: path, limit: 7)
            #expect(whole == "Receipt for one quokka")
            #expect(cut == "Receipt")
        }
    }

    @Test func aFileThatIsNoPDFIsAnErrorNamingTheExit() async throws {
        try await withFile(Array("just some text\n".utf8)) { path in
            await #expect(throws: MediaError.self) { try await PDFText.extract(path: path, limit: 1_000) }
        }
    }

    @Test func aToolThatOutlivesItsTimeIsStoppedAndReportedAsAnError() async throws {
        try await withTool("sleep 60") { tool in
            let started = ContinuousClock.now
            let error = await #expect(throws: MediaError.self) {
                try await PDFText.extract(path: "/dev/null", limit: 1_000, timeout: .milliseconds(300), tool: tool)
            }
            #expect(error?.description.contains("longer than") == true)
            #expect(ContinuousClock.now - started < .seconds(30), "the tool was killed, not waited for")
        }
    }

    @Test func aToolThatNeverStopsWritingIsReadOnlyAsFarAsTheLimitNeeds() async throws {
        try await withTool("yes quokka") { tool in
            let text = try await PDFText.extract(path: "/dev/null", limit: 20, timeout: .seconds(60), tool: tool)
            #expect(text == "quokka quokka quokka")
        }
    }

    private func withFile(_ bytes: [UInt8], _ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await body(path)
    }

    /// A stand-in for `pdftotext`: a shell script running `command`, whatever its arguments.
    private func withTool(_ command: String, _ body: (URL) async throws -> Void) async throws {
        let tool = FileManager.default.temporaryDirectory.appendingPathComponent("pdftotext-\(UUID().uuidString)")
        try Data("#!/bin/sh\nexec \(command)\n".utf8).write(to: tool)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        defer { try? FileManager.default.removeItem(at: tool) }
        try await body(tool)
    }
}
