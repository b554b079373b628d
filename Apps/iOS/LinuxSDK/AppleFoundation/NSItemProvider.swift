import Foundation

/// A class that reads data from an item provider (`UIImage` is one).
public protocol NSItemProviderReading: NSObjectProtocol {
    /// The types it reads.
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    /// Makes an object from the data of one of those types.
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

/// An item provider for conveying data or a file between processes (not `Sendable`).
open class NSItemProvider: NSObject {
    /// The handler of `loadItem`.
    public typealias CompletionHandler = @Sendable ((any NSSecureCoding)?, (any Error)?) -> Void

    /// The type identifiers it can load, in the order registered (highest fidelity first).
    open var registeredTypeIdentifiers: [String] { fatalError() }
    /// A name the receiver may give a file it saves.
    open var suggestedName: String?

    /// Whether it has an item conforming to `typeIdentifier`.
    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool { fatalError() }

    /// Loads the item coerced to the type, handing over what was registered (possibly all of it in memory).
    open func loadItem(
        forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil,
        completionHandler: NSItemProvider.CompletionHandler? = nil
    ) { fatalError() }

    /// Writes a copy of the data to a temporary file, removed when the handler returns.
    open func loadFileRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> Progress { fatalError() }

    /// Copies the data into memory.
    open func loadDataRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress { fatalError() }

    /// Whether an object of `aClass` can be loaded.
    open func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool { fatalError() }

    /// Loads an object of `aClass`.
    open func loadObject(
        ofClass aClass: any NSItemProviderReading.Type,
        completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void
    ) -> Progress { fatalError() }
}
