/// One field of a PATCH body: left alone when absent, cleared when `null`, set otherwise.
public enum FieldUpdate<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The field was not in the body.
    case unchanged
    /// The field was `null`.
    case clear
    /// The field holds a new value.
    case set(Value)

    /// The value to store, given the current one.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .unchanged: current
        case .clear: nil
        case .set(let value): value
        }
    }
}

extension KeyedDecodingContainer {
    /// Reads a PATCH field, telling an absent key from a `null` one.
    public func decodeUpdate<Value: Decodable & Sendable & Equatable>(
        _ type: Value.Type, forKey key: Key
    ) throws -> FieldUpdate<Value> {
        guard contains(key) else { return .unchanged }
        if try decodeNil(forKey: key) { return .clear }
        return .set(try decode(type, forKey: key))
    }
}
