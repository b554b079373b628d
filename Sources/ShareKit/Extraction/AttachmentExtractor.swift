import Foundation

/// Reads a share's attachments into plain values, probing each in a fixed order
/// (page payload → URL → text → image → file) and skipping what it can't use.
public struct AttachmentExtractor: Sendable {
    /// The conformance table types are checked against.
    public var table: TypeTable

    /// Makes an extractor.
    public init(table: TypeTable = .standard) { self.table = table }

    /// Extracts every attachment, in order. An attachment whose first matching type fails to
    /// load falls back to its next one; one with nothing usable is reported in `skipped`.
    nonisolated(nonsending) public func extract(from providers: [any AttachmentProvider]) async -> Extraction {
        var result = Extraction()
        for (index, provider) in providers.enumerated() {
            let identifiers = provider.registeredTypeIdentifiers
            switch await extract(provider, identifiers: identifiers.map { TypeIdentifier($0) }) {
            case .success(let content):
                if !result.contents.contains(content) { result.contents.append(content) }
            case .failure(let reason):
                result.skipped.append(SkippedAttachment(index: index, typeIdentifiers: identifiers, reason: reason))
            }
        }
        return result
    }

    private nonisolated(nonsending) func extract(
        _ provider: any AttachmentProvider, identifiers: [TypeIdentifier]
    ) async -> Result<SharedContent, SkippedAttachment.Reason> {
        // The first failure is the one to report: later steps are fallbacks.
        var failure: SkippedAttachment.Reason?
        for step in ProbeStep.allCases {
            guard let type = step.match(in: identifiers, table: table) else { continue }
            do {
                let value = try await provider.loadValue(forTypeIdentifier: type.rawValue)
                switch content(of: value, step: step, type: type) {
                case .success(let content): return .success(content)
                case .failure(let reason): failure = failure ?? reason
                }
            } catch let reason as SkippedAttachment.Reason {
                // Said as it is: a file measured over the limit before loading is "too large".
                failure = failure ?? reason
            } catch {
                failure = failure ?? .loadFailed("\(error)")
            }
        }
        return .failure(failure ?? .unknownTypes)
    }

    /// Turns a loaded value into content, as the probe step that asked for it reads it.
    func content(of value: LoadedValue, step: ProbeStep, type: TypeIdentifier) -> Result<SharedContent, SkippedAttachment.Reason> {
        switch (step, value) {
        case (.pagePayload, .dictionary(let dictionary)):
            guard let page = PagePayload(dictionary) else { return .failure(.loadFailed("The page payload has no web address.")) }
            return .success(page.content)
        case (_, .url(let url)) where url.isFileURL:
            return .success(fileContent(AttachmentFile(source: .file(url), type: fileType(of: url, claimed: type), filename: url.lastPathComponent)))
        case (_, .url(let url)):
            guard let link = LinkDetector.webURL(url) else { return .failure(.unsupportedLink(url.absoluteString)) }
            return .success(.link(link, title: nil))
        case (.url, .text(let text)), (.text, .text(let text)):
            return textContent(text)
        case (.url, .data(let data)), (.text, .data(let data)):
            guard let text = String(data: data, encoding: .utf8) else { return .failure(.loadFailed("The text is not UTF-8.")) }
            return textContent(text)
        case (.image, .data(let data)), (.file, .data(let data)):
            let name = "attachment" + (table.preferredExtension(for: type).map { ".\($0)" } ?? "")
            return .success(fileContent(AttachmentFile(source: .data(data), type: type, filename: name)))
        default:
            return .failure(.loadFailed("\(type.rawValue) loaded as an unexpected value."))
        }
    }

    /// A text that is a web link becomes a link; any other non-empty text stays text.
    private func textContent(_ text: String) -> Result<SharedContent, SkippedAttachment.Reason> {
        if let url = LinkDetector.webURL(in: text) { return .success(.link(url, title: nil)) }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.loadFailed("The text is empty.")) }
        return .success(.text(trimmed, source: nil, title: nil))
    }

    /// A file is a picture when its type (claimed, or read from its name) is one.
    private func fileContent(_ file: AttachmentFile) -> SharedContent {
        table.conforms(file.type, to: .image) ? .image(file) : .file(file)
    }

    /// The most specific type of a file: from its extension when the claimed type is generic.
    private func fileType(of url: URL, claimed: TypeIdentifier) -> TypeIdentifier {
        // Generic: no format of its own (a URL, data, an abstract kind such as public.image or public.movie).
        let generic = !table.knows(claimed) || table.preferredExtension(for: claimed) == nil
        guard generic, let byName = table.type(forExtension: url.pathExtension) else { return claimed }
        return byName
    }
}
