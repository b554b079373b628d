#if canImport(ObjectiveC)
import Foundation

extension NSItemProvider: AttachmentProvider {
    /// Loads the item with `loadItem(forTypeIdentifier:options:)` and turns it into a plain value.
    nonisolated(nonsending) public func loadValue(forTypeIdentifier typeIdentifier: String) async throws -> LoadedValue {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<LoadedValue, any Error>) in
            loadItem(forTypeIdentifier: typeIdentifier, options: nil) { item, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let value = LoadedValue(item: item) {
                    continuation.resume(returning: value)
                } else {
                    continuation.resume(throwing: ExtractionFailure.unreadable(typeIdentifier))
                }
            }
        }
    }
}

extension LoadedValue {
    /// The plain value of what `loadItem` returned, when it is one ShareKit reads. (A `UIImage`
    /// is not: ShareKit stays free of UIKit, and the share sheet offers pictures as files or data.)
    init?(item: (any NSSecureCoding)?) {
        switch item {
        case let url as URL: self = .url(url)
        case let text as String: self = .text(text)
        case let data as Data: self = .data(data)
        case let dictionary as NSDictionary:
            // Safari's page payload sits under NSExtensionJavaScriptPreprocessingResultsKey.
            let results = dictionary["NSExtensionJavaScriptPreprocessingResultsKey"] as? NSDictionary ?? dictionary
            var strings: [String: String] = [:]
            for (key, value) in results {
                if let key = key as? String, let value = value as? String { strings[key] = value }
            }
            self = .dictionary(strings)
        default: return nil
        }
    }
}
#endif
