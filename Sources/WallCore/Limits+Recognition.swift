/// Limits on recognising text in pictures and scanned PDFs (OCR with Tesseract).
extension Limits {
    /// Most pixels a picture or page is scaled down to before recognition (8 MP: an A4 or
    /// letter page at 300 dpi), so a photo of a page costs at most this however large it is.
    public static let maxRecognitionPixels = 8_000_000
    /// Largest picture recognition decodes at all, in pixels (a decompression bomb is refused).
    public static let maxRecognitionSourcePixels = maxImagePixels
    /// How long Tesseract may spend on one picture or page (its monitor's deadline).
    public static let recognitionTimeBudget = Duration.seconds(20)
    /// Most pages of a PDF without a text layer that are recognised (the first ones).
    public static let maxRecognizedPages = 20
    /// Longest recognised text kept per item, in characters (the rest is cut).
    public static let maxRecognizedTextLength = 100_000
    /// Longest reason kept for a failed recognition, in characters (one read from an archive is cut).
    public static let maxRecognitionErrorLength = 1_000
    /// Resolution a PDF page is rendered at for recognition, in dots per inch (lowered when the
    /// page would pass `maxRecognitionPixels`).
    public static let recognitionPDFResolution = 300
    /// Recognitions at a time per server by default, so a backlog never slows saves.
    public static let recognitionConcurrency = 1
}
