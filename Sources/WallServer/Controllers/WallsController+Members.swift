import Foundation
import Hummingbird
import WallCore
import WallStore

/// `/v1/walls/{id}/members`: who a wall is shared with. Its owner adds, changes and removes
/// members; a member sees the list and may remove themselves (leave).
extension WallsController {
    func members(_ request: Request, context: WallRequestContext) async throws -> JSONBody<WallMemberList> {
        let identity = try context.requireIdentity()
        let id = try await wallID(context, userID: identity.userID)
        return JSONBody(WallMemberList(members: try await store.members(wallID: id, userID: identity.userID)))
    }

    func addMember(_ request: Request, context: WallRequestContext) async throws -> JSONBody<WallMember> {
        let identity = try context.requireIdentity()
        let id = try await wallID(context, userID: identity.userID)
        let body = try await request.decode(as: WallMemberRequest.self, context: context).validated()
        let member = try await store.setMember(
            wallID: id, username: body.username, role: body.role, userID: identity.userID
        )
        return JSONBody(member, status: .created)
    }

    /// Changes a member's role; 404 for someone who is not a member.
    func changeMember(_ request: Request, context: WallRequestContext) async throws -> JSONBody<WallMember> {
        let identity = try context.requireIdentity()
        let id = try await wallID(context, userID: identity.userID)
        let username = try memberName(context)
        let patch = try await request.decode(as: WallMemberPatch.self, context: context)
        let current = try await store.members(wallID: id, userID: identity.userID)
        guard current.contains(where: { $0.username.lowercased() == username.lowercased() }) else {
            throw APIError.notFound("member")
        }
        return JSONBody(try await store.setMember(wallID: id, username: username, role: patch.role, userID: identity.userID))
    }

    /// Takes someone off the wall (the owner anyone, a member themselves); 404 for a non-member.
    func removeMember(_ request: Request, context: WallRequestContext) async throws -> HTTPResponse.Status {
        let identity = try context.requireIdentity()
        let id = try await wallID(context, userID: identity.userID)
        // The name is read before the call: as an argument of the awaited call, `try memberName`
        // crashed the release build's optimizer (LLVM's coroutine split, Swift 6.3.1).
        let username = try memberName(context)
        let removed = try await store.removeMember(wallID: id, username: username, userID: identity.userID)
        guard removed else { throw APIError.notFound("member") }
        return .noContent
    }

    private func memberName(_ context: WallRequestContext) throws -> String {
        guard let raw = context.parameters.get("username") else { throw APIError.notFound("member") }
        return try UserRules.username(raw)
    }
}
