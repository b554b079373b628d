/// One attachment of a share: the types it can be loaded as, and a way to load one of them.
///
/// `NSItemProvider` conforms on Apple platforms; tests conform with plain values.
public protocol AttachmentProvider {
    /// The type identifiers the attachment can be loaded as, most faithful first.
    var registeredTypeIdentifiers: [String] { get }

    /// Loads the attachment as `typeIdentifier`, one of `registeredTypeIdentifiers`.
    ///
    /// Runs on the caller's actor, so a provider that is not `Sendable` never leaves it.
    nonisolated(nonsending) func loadValue(forTypeIdentifier typeIdentifier: String) async throws -> LoadedValue
}
