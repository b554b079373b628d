import CTesseract
import Foundation
import WallCore

/// Recognises the words in grey pixels with Tesseract (OCR), on this machine: one engine made
/// once and reused, one picture at a time (callers queue on its lock), each within a time budget
/// through Tesseract's monitor. It never reads a file: pixels come from libvips
/// (`ImageRenderer.greyPixels`). Calls block their thread, so run them off the event loops.
public final class TextRecognizer: @unchecked Sendable {
    /// The languages it recognises, Tesseract's names joined by `+` (`eng`, `eng+deu`).
    public let languages: String
    // Used only under `lock`.
    private let api: OpaquePointer
    private let lock = NSLock()

    /// Starts Tesseract for `languages`; throws `RecognitionError.unknownLanguage` when one is
    /// not installed (or is not a language name) and `.engine` when Tesseract won't start.
    public init(languages: String = "eng") throws {
        if let problem = Self.problem(with: languages) { throw problem }
        guard let api = TessBaseAPICreate() else { throw RecognitionError.engine("Tesseract could not be created.") }
        guard TessBaseAPIInit3(api, nil, languages) == 0 else {
            TessBaseAPIDelete(api)
            throw RecognitionError.engine("Tesseract could not load \(languages).")
        }
        TessBaseAPISetPageSegMode(api, PSM_AUTO)
        self.api = api
        self.languages = languages
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Why `languages` (Tesseract's names joined by `+`) can't be recognised here: a name that
    /// is no language or is not installed; nil when every one is installed.
    public static func problem(with languages: String) -> RecognitionError? {
        let names = languages.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let installed = installedLanguages()
        if let bad = names.first(where: { !isLanguageName($0) }) ?? (names.isEmpty ? languages : nil) {
            return .unknownLanguage(bad, installed: installed)
        }
        if let missing = names.first(where: { !installed.contains($0) }) { return .unknownLanguage(missing, installed: installed) }
        return nil
    }

    /// The words Tesseract reads in `pixels`, lines kept, blank lines and surrounding space
    /// dropped, cut at `limit` characters; empty when it finds none. Throws
    /// `RecognitionError.tooSlow` past `budget` and `.stopped` once `stop` is set.
    public func recognize(
        _ pixels: GreyPixels, budget: Duration = Limits.recognitionTimeBudget,
        limit: Int = Limits.maxRecognizedTextLength, stop: RecognitionStop = RecognitionStop()
    ) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        guard !stop.isStopped else { throw RecognitionError.stopped }
        let milliseconds = Int32(clamping: budget.components.seconds * 1_000 + budget.components.attoseconds / 1_000_000_000_000_000)
        guard let monitor = dwall_tess_monitor(max(1, milliseconds), stop.flag) else {
            throw RecognitionError.engine("Tesseract's monitor could not be created.")
        }
        defer {
            TessMonitorDelete(monitor)
            TessBaseAPIClear(api)
        }
        pixels.bytes.withUnsafeBufferPointer { bytes in
            TessBaseAPISetImage(api, bytes.baseAddress, Int32(pixels.width), Int32(pixels.height), 1, Int32(pixels.width))
        }
        // The pixels carry no resolution; without one Tesseract guesses and warns on stderr.
        TessBaseAPISetSourceResolution(api, Int32(Limits.recognitionPDFResolution))
        let started = ContinuousClock.now
        let failed = TessBaseAPIRecognize(api, monitor) != 0
        if stop.isStopped { throw RecognitionError.stopped }
        if ContinuousClock.now - started >= budget { throw RecognitionError.tooSlow(budget) }
        if failed { throw RecognitionError.engine("Tesseract could not read the picture.") }
        guard let text = TessBaseAPIGetUTF8Text(api) else { return "" }
        defer { TessDeleteText(text) }
        return Self.tidy(String(cString: text), limit: limit)
    }

    /// `text` with each line's surrounding space and the blank lines dropped, cut at `limit`.
    static func tidy(_ text: String, limit: Int) -> String {
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return String(lines.joined(separator: "\n").prefix(limit))
    }

    /// Whether `name` could be a Tesseract language (letters, digits and `_`, as its data files
    /// are named; nothing that reaches outside its data folder).
    static func isLanguageName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 32 && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_")
        }
    }

    /// The languages whose data is installed where Tesseract looks (`TESSDATA_PREFIX`, else
    /// Debian's folders), sorted; `osd` (script detection) is no language.
    public static func installedLanguages() -> [String] {
        let manager = FileManager.default
        for folder in dataFolders() {
            guard let names = try? manager.contentsOfDirectory(atPath: folder) else { continue }
            let languages = names.filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) }
            if !languages.isEmpty { return languages.filter { $0 != "osd" }.sorted() }
        }
        return []
    }

    /// Where Tesseract 5 reads its data on Debian, after the folder `TESSDATA_PREFIX` names.
    private static func dataFolders() -> [String] {
        var folders: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            folders.append(prefix)
            folders.append((prefix as NSString).appendingPathComponent("tessdata"))
        }
        return folders + ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata"]
    }
}
