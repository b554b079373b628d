import Foundation
import WallCore

extension WallAPIClient {
    /// The people a wall is shared with (`GET /v1/walls/{id}/members`).
    public func members(wall: UUID) async throws(ShareError) -> [WallMember] {
        try await decode(
            WallMemberList.self, from: send(HTTPRequestMessage(method: "GET", url: membersURL(wall)))
        ).members
    }

    /// Shares a wall with `username` in `role`, or changes their role (`POST /v1/walls/{id}/members`).
    public func share(wall: UUID, with username: String, role: WallRole) async throws(ShareError) -> WallMember {
        try await decode(
            WallMember.self,
            from: send(json: WallMemberRequest(username: username, role: role), "POST", "v1/walls/\(wall.uuidString)/members")
        )
    }

    /// Takes `username` off a wall, or leaves it when it is the caller (`DELETE /v1/walls/{id}/members/{username}`).
    public func unshare(wall: UUID, with username: String) async throws(ShareError) {
        _ = try await send(HTTPRequestMessage(method: "DELETE", url: membersURL(wall).appendingPathComponent(username)))
    }

    private func membersURL(_ wall: UUID) -> URL {
        server.appendingPathComponent("v1/walls/\(wall.uuidString)/members")
    }
}

extension WallAPIClient {
    /// Makes a secret link to a wall (`POST /v1/walls/{id}/links`); its `url` is in this answer only.
    public func makeLink(wall: UUID, indexable: Bool) async throws(ShareError) -> SecretWallLink {
        try await decode(
            SecretWallLink.self,
            from: send(json: SecretWallLinkRequest(indexable: indexable), "POST", "v1/walls/\(wall.uuidString)/links")
        )
    }

    /// A wall's secret links, without their secrets (`GET /v1/walls/{id}/links`).
    public func links(wall: UUID) async throws(ShareError) -> [SecretWallLink] {
        let url = server.appendingPathComponent("v1/walls/\(wall.uuidString)/links")
        return try await decode(SecretWallLinkList.self, from: send(HTTPRequestMessage(method: "GET", url: url))).links
    }

    /// Revokes a secret link at once (`DELETE /v1/walls/{id}/links/{linkId}`).
    public func revokeLink(_ link: UUID, wall: UUID) async throws(ShareError) {
        let url = server.appendingPathComponent("v1/walls/\(wall.uuidString)/links/\(link.uuidString)")
        _ = try await send(HTTPRequestMessage(method: "DELETE", url: url))
    }
}
