/// A condition on one attachment's type identifiers, written once and both rendered into an
/// `NSExtensionActivationRule` predicate and evaluated here, so the two can't disagree.
public indirect enum ActivationCondition: Sendable, Equatable {
    /// One of the attachment's types conforms to this one.
    case conformsTo(TypeIdentifier)
    /// The condition does not hold.
    case not(ActivationCondition)
    /// Every one of the conditions holds.
    case all([ActivationCondition])
    /// Any of the conditions holds.
    case any([ActivationCondition])

    /// Whether an attachment offering `types` meets the condition.
    public func matches(_ types: [TypeIdentifier], table: TypeTable) -> Bool {
        switch self {
        case .conformsTo(let parent): types.contains { table.conforms($0, to: parent) }
        case .not(let condition): !condition.matches(types, table: table)
        case .all(let conditions): conditions.allSatisfy { $0.matches(types, table: table) }
        case .any(let conditions): conditions.contains { $0.matches(types, table: table) }
        }
    }

    /// The condition in `NSPredicate` syntax, about `$attachment`.
    public var predicate: String {
        switch self {
        case .conformsTo(let type): "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"\(type.rawValue)\""
        case .not(let condition): "NOT (\(condition.predicate))"
        case .all(let conditions): "(" + conditions.map(\.predicate).joined(separator: " AND ") + ")"
        case .any(let conditions): "(" + conditions.map(\.predicate).joined(separator: " OR ") + ")"
        }
    }
}
