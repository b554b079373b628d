#if canImport(ObjectiveC)
import Foundation
#if canImport(UIKit)
import UIKit
#endif

extension NSItemProvider: AttachmentProvider {
    /// Loads a picture as a file in the temporary folder, the ways `ImageRepresentation.plan`
    /// says (a file, its bytes, or an image object such as a `UIImage`); a document or film as
    /// the system's file, measured before it is copied (`FileRepresentation`); anything else
    /// (links, text, Safari's page) with `loadItem(forTypeIdentifier:options:)`, as a plain value.
    nonisolated(nonsending) public func loadValue(forTypeIdentifier typeIdentifier: String) async throws -> LoadedValue {
        if TypeTable.standard.conforms(TypeIdentifier(typeIdentifier), to: .image) {
            var firstError: (any Error)?
            for representation in ImageRepresentation.plan(for: registeredTypeIdentifiers.map { TypeIdentifier($0) }) {
                do { return .url(try await loadPicture(representation)) } catch { firstError = firstError ?? error }
            }
            throw firstError ?? ExtractionFailure.unreadable(typeIdentifier)
        }
        if FileRepresentation.loadsAsFile(TypeIdentifier(typeIdentifier)) { return .url(try await loadFile(typeIdentifier)) }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<LoadedValue, any Error>) in
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

    /// A document or film as a copy of the system's file, refused (`.tooLarge`) before it is copied.
    private nonisolated(nonsending) func loadFile(_ typeIdentifier: String) async throws -> URL {
        let (type, name) = (TypeIdentifier(typeIdentifier), suggestedName)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
            _ = loadFileRepresentation(forTypeIdentifier: typeIdentifier) { url, error in
                // The system removes its file when this handler returns: measure and copy it now.
                continuation.resume(with: Result {
                    guard let url else { throw error ?? ExtractionFailure.unreadable(typeIdentifier) }
                    return try FileRepresentation.copy(url, type: type, suggestedName: name, into: FileManager.default.temporaryDirectory)
                })
            }
        }
    }

    /// One way of loading a picture, ending as a file of its own in a fresh temporary folder.
    private nonisolated(nonsending) func loadPicture(_ representation: ImageRepresentation) async throws -> URL {
        let folder = ImageRepresentation.newTemporaryFolder(in: FileManager.default.temporaryDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let destination = folder.appendingPathComponent(representation.filename(suggested: suggestedName))
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
            switch representation {
            case .file(let type):
                _ = loadFileRepresentation(forTypeIdentifier: type.rawValue) { url, error in
                    // The system removes its file when this handler returns: copy it now (a clone on APFS).
                    continuation.resume(with: Result {
                        guard let url else { throw error ?? ExtractionFailure.unreadable(type.rawValue) }
                        try FileManager.default.copyItem(at: url, to: destination)
                        return destination
                    })
                }
            case .data(let type):
                _ = loadDataRepresentation(forTypeIdentifier: type.rawValue) { data, error in
                    continuation.resume(with: Result {
                        guard let data else { throw error ?? ExtractionFailure.unreadable(type.rawValue) }
                        try data.write(to: destination)
                        return destination
                    })
                }
            case .object:
                #if canImport(UIKit)
                guard canLoadObject(ofClass: UIImage.self) else {
                    continuation.resume(throwing: ExtractionFailure.unreadable("public.image"))
                    return
                }
                _ = loadObject(ofClass: UIImage.self) { object, error in
                    continuation.resume(with: Result {
                        guard let image = object as? UIImage,
                              let data = image.jpegData(compressionQuality: CGFloat(ImagePolicy.phone.jpegQuality))
                        else { throw error ?? ExtractionFailure.unreadable("public.image") }
                        try data.write(to: destination)
                        return destination
                    })
                }
                #else
                continuation.resume(throwing: ExtractionFailure.unreadable("public.image"))
                #endif
            }
        }
    }
}

extension LoadedValue {
    /// The plain value of what `loadItem` returned, when it is one ShareKit reads. (Pictures are
    /// loaded as files instead: see `ImageRepresentation`.)
    init?(item: (any NSSecureCoding)?) {
        switch item {
        case let url as URL: self = .url(url)
        case let text as String: self = .text(text)
        case let data as Data: self = .data(data)
        case let dictionary as NSDictionary:
            // Safari's page payload (GetPage.js) sits under NSExtensionJavaScriptPreprocessingResultsKey.
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
