import Foundation

/// A PDF's text for search, read with poppler's `pdftotext` (Debian's `poppler-utils`).
public enum PDFText {
    /// The text of the first `pages` pages, whitespace collapsed, cut at `limit` characters; nil
    /// when the PDF has none (a scan) or `pdftotext` is not installed.
    public static func extract(path: String, pages: Int = 50, limit: Int) throws -> String? {
        guard let tool = executable("pdftotext") else { return nil }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["-q", "-l", String(pages), "-enc", "UTF-8", path, "-"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        guard process.terminationStatus == 0 else { throw MediaError("pdftotext exited with \(process.terminationStatus).") }
        let words = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.isEmpty ? nil : String(words.prefix(limit))
    }

    private static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
