import Foundation
import ShareKit
import WallCore

/// An attachment provider made of plain values: each type maps to a value or a failure.
final class StubProvider: AttachmentProvider, Sendable {
    let registeredTypeIdentifiers: [String]
    private let values: [String: Result<LoadedValue, StubFailure>]
    private let loads = Locked<[String]>([])

    init(_ entries: [(String, Result<LoadedValue, StubFailure>)]) {
        registeredTypeIdentifiers = entries.map(\.0)
        values = Dictionary(entries) { first, _ in first }
    }

    convenience init(_ type: String, _ value: LoadedValue) { self.init([(type, .success(value))]) }

    /// The types loaded, in order.
    var loaded: [String] { loads.withLock { $0 } }

    nonisolated(nonsending) func loadValue(forTypeIdentifier typeIdentifier: String) async throws -> LoadedValue {
        loads.withLock { $0.append(typeIdentifier) }
        guard let value = values[typeIdentifier] else { throw StubFailure(message: "not registered") }
        return try value.get()
    }
}

struct StubFailure: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }
}
