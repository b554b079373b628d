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
