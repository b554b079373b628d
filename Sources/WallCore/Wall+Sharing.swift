import Foundation

extension Wall {
    /// Whether the person may add to this wall: their own, or a shared one they are not only
    /// viewing (every wall picker offers these).
    public var acceptsShares: Bool { role != .viewer }

    /// How pages, forms and share boxes name the wall: the slug of the person's own wall, the
    /// id of a wall shared with them (slugs are unique per owner only).
    public var ref: String { owner == nil ? slug : id.lowercasedText }

    /// The name a picker shows: a shared wall's name with its owner's ("Trip · alice").
    public var pickerName: String { owner.map { "\(name) · \($0)" } ?? name }
}
