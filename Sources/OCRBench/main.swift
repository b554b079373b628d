// Measures the CPU time of recognising one picture's text (libvips' decoding and scaling, then
// Tesseract), median of N runs, for a 1,200 × 800 screenshot (PNG) and a 3,000 × 4,000 photo of
// a page (JPEG), both drawn here with libvips' text rendering. Run by `scripts/bench-ocr`,
// which builds it in release mode.
import Foundation
import WallMedia

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20 : 20

/// This process's CPU time (user and system, every thread), in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

let prose = """
    The quarterly report shows the harbour's walrus census rose by four percent while the lighthouse \
    keeper logged thirty-one storms. Invoices 4721 to 4790 were settled in March; the remaining ones \
    wait for the auditor's signature. Shipping lanes stayed open through the winter, and the ferry \
    timetable will change on the first Monday of April.
    """
let screenshotText = Array(repeating: prose, count: 3).joined(separator: "\n\n")
let pageText = Array(repeating: prose, count: 14).joined(separator: "\n\n")
/// Measures each sample; the engine is ended when it returns (else Tesseract reports its caches
/// as leaked at exit).
func bench() throws {
    let samples: [(name: String, bytes: [UInt8])] = [
        ("screenshot 1200x800 png", try ImageRenderer.textImage(screenshotText, dpi: 96, canvas: (1_200, 800))),
        ("page photo 3000x4000 jpeg", try ImageRenderer.textImage(pageText, dpi: 300, canvas: (3_000, 4_000), jpeg: true)),
    ]
    let recognizer = try TextRecognizer()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    print("sample                      median CPU s   min     max     words")
    for sample in samples {
        let path = folder.appendingPathComponent(sample.name.replacingOccurrences(of: " ", with: "-")).path
        try Data(sample.bytes).write(to: URL(fileURLWithPath: path))
        var times: [Double] = []
        var words = 0
        for _ in 0..<rounds {
            let start = cpuSeconds()
            // The whole cost, not the server's budget (`Limits.recognitionTimeBudget`), is measured.
            let text = try recognizer.recognize(try ImageRenderer.greyPixels(of: path), budget: .seconds(600))
            times.append(cpuSeconds() - start)
            words = text.split(whereSeparator: \.isWhitespace).count
        }
        times.sort()
        let line = [
            sample.name.padding(toLength: 28, withPad: " ", startingAt: 0),
            String(format: "%-14.3f %-7.3f %-7.3f %d", times[times.count / 2], times[0], times[times.count - 1], words),
        ]
        print(line.joined())
    }
}

try bench()
