/// Why text could not be recognised.
public enum RecognitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A language that is not installed (or not a language name), with those that are.
    case unknownLanguage(String, installed: [String])
    /// Recognition ran past its time budget.
    case tooSlow(Duration)
    /// Recognition was asked to stop (its job is being cancelled).
    case stopped
    /// Tesseract itself failed.
    case engine(String)

    public var description: String {
        switch self {
        case .unknownLanguage(let name, let installed):
            let list = installed.isEmpty ? "none" : installed.joined(separator: ", ")
            return "OCR language '\(name)' is not installed (installed: \(list))."
        case .tooSlow(let budget):
            return "Text recognition took longer than \(budget.components.seconds) s and was stopped."
        case .stopped:
            return "Text recognition was stopped."
        case .engine(let message):
            return message
        }
    }
}
