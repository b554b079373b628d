/// The kinds of attachment, in the fixed order extraction probes them:
/// page payload, then URL, then text, then image, then file.
public enum ProbeStep: Int, CaseIterable, Sendable, Comparable {
    /// Safari's property-list page payload (URL, title, selection and the page snapshot).
    case pagePayload
    /// A web link (not a file URL).
    case url
    /// Plain text.
    case text
    /// A picture.
    case image
    /// A document or another file (including file URLs).
    case file

    /// The first of `identifiers` (in the provider's order) that this step takes, if any.
    public func match(in identifiers: [TypeIdentifier], table: TypeTable) -> TypeIdentifier? {
        identifiers.first { accepts($0, table: table) }
    }

    private func accepts(_ type: TypeIdentifier, table: TypeTable) -> Bool {
        switch self {
        case .pagePayload: table.conforms(type, to: .propertyList)
        case .url: table.conforms(type, to: .url) && !table.conforms(type, to: .fileURL)
        case .text: table.conforms(type, to: .text)
        case .image: table.conforms(type, to: .image)
        case .file:
            // Any other data, but not a page payload (a property list is not a file to keep).
            !table.conforms(type, to: .propertyList) && (table.conforms(type, to: .fileURL) || table.conforms(type, to: .data))
        }
    }

    /// Probe order.
    public static func < (lhs: ProbeStep, rhs: ProbeStep) -> Bool { lhs.rawValue < rhs.rawValue }
}
