extension ActivationRule {
    /// Whether the extension would appear for a share of these extension items, each a list of
    /// attachments given by their type identifiers: true when any one item is accepted.
    public func accepts(extensionItems: [[[String]]], table: TypeTable = .standard) -> Bool {
        extensionItems.contains { accepts(attachments: $0, table: table) }
    }

    /// Whether one extension item, given as its attachments' type identifiers, is accepted:
    /// at least one attachment of a supported kind and no kind over its maximum.
    public func accepts(attachments: [[String]], table: TypeTable = .standard) -> Bool {
        let typed = attachments.map { $0.map { TypeIdentifier($0) } }
        let clauses = clauses
        let anySupported = typed.contains { types in clauses.contains { $0.condition.matches(types, table: table) } }
        let withinLimits = clauses.allSatisfy { clause in
            guard let maxCount = clause.maxCount else { return true }
            return typed.count(where: { clause.condition.matches($0, table: table) }) <= maxCount
        }
        return anySupported && withinLimits
    }
}
