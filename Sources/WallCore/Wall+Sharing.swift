extension Wall {
    /// Whether the person may add to this wall: their own, or a shared one they are not only
    /// viewing (every wall picker offers these).
    public var acceptsShares: Bool { role != .viewer }

    /// The name a picker shows: a shared wall's name with its owner's ("Trip · alice").
    public var pickerName: String { owner.map { "\(name) · \($0)" } ?? name }
}
