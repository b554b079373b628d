extension Limits {
    /// Most members one wall can have (besides its owner).
    public static let maxMembersPerWall = 100
}

extension Limits {
    /// How long a sign-up invitation stays open.
    public static let invitationLifetime: Duration = .seconds(7 * 24 * 3600)
    /// Most open invitations one person may have at once.
    public static let maxOpenInvitationsPerUser = 20
}
