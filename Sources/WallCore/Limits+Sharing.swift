extension Limits {
    /// Most members one wall can have (besides its owner).
    public static let maxMembersPerWall = 100
}
