extension Limits {
    /// Most members one wall can have (besides its owner).
    public static let maxMembersPerWall = 100
}

extension Limits {
    /// Most secret links one wall can have at once (revoked links don't count).
    public static let maxLinksPerWall = 20
    /// Entries in a secret link's Atom feed (the newest cards).
    public static let linkFeedEntries = 50
    /// Cards per page on a secret link's page.
    public static let linkPageSize = 30
    /// Requests per second one client address may make, sustained, to secret-link pages,
    /// feeds and pictures (a page with pictures costs one request per picture).
    public static let linkRequestsPerSecond = 5.0
    /// Requests one client address may make at once to secret-link routes.
    public static let linkRequestBurst = 120.0
}

extension Limits {
    /// How long a sign-up invitation stays open.
    public static let invitationLifetime: Duration = .seconds(7 * 24 * 3600)
    /// Most open invitations one person may have at once.
    public static let maxOpenInvitationsPerUser = 20
}
