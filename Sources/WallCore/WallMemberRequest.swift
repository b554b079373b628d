/// The body of `POST /v1/walls/{id}/members`: who to share the wall with, and their role.
public struct WallMemberRequest: Codable, Sendable, Equatable {
    /// The user name of someone with an account on this server.
    public var username: String
    /// What they may do there.
    public var role: WallRole

    /// Makes a request.
    public init(username: String, role: WallRole) {
        self.username = username
        self.role = role
    }

    /// Checks the user name's shape (whether such a user exists is the store's to say).
    public func validated() throws(ValidationError) -> WallMemberRequest {
        WallMemberRequest(username: try UserRules.username(username), role: role)
    }
}

/// The body of `PATCH /v1/walls/{id}/members/{username}`: a member's new role.
public struct WallMemberPatch: Codable, Sendable, Equatable {
    /// Their new role.
    public var role: WallRole

    /// Makes a patch.
    public init(role: WallRole) { self.role = role }
}

/// The answer to `GET /v1/walls/{id}/members`: the people the wall is shared with, by name.
public struct WallMemberList: Codable, Sendable, Equatable {
    /// The members.
    public var members: [WallMember]

    /// Makes a list.
    public init(members: [WallMember]) { self.members = members }
}
