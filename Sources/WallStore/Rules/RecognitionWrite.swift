/// What recording a recognition writes, decided once for both stores: the recognised text kept
/// for the item's page and JSON, and the words search finds the item by (its found words,
/// `preview_search`, beside what the person shared): the file's text layer, if the item does not
/// show it as its text already, then the recognised text.
struct RecognitionWrite: Equatable {
    /// The text or the failure, as stored.
    let recognition: ItemRecognition
    /// The item's found words; nil when there are none.
    let foundText: String?

    /// The write for `recognition`, with `layerText` the words the file's text layer has (a PDF
    /// with some pages of text) and `itemText` the text the item shows.
    init(_ recognition: ItemRecognition, layerText: String?, itemText: String?) {
        self.recognition = recognition
        let layer = layerText == itemText ? nil : layerText
        let words = [layer, recognition.text].compactMap { $0?.isEmpty == false ? $0 : nil }
        foundText = words.isEmpty ? nil : words.joined(separator: "\n")
    }
}
