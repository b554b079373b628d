import HummingbirdBcrypt
import NIOPosix

/// Bcrypt hashing and checking, run on NIO's thread pool so a slow hash never blocks the server.
public struct PasswordHasher: Sendable {
    /// The bcrypt cost (work factor); 12 takes about a quarter of a second here.
    public let cost: UInt8

    /// Makes a hasher.
    public init(cost: UInt8 = 12) { self.cost = cost }

    /// The bcrypt hash of `password`.
    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`.
    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// A hash of nothing in particular, checked against when the user does not exist, so a
    /// wrong user name takes as long as a wrong password.
    public func decoy() async throws -> String { try await hash("decoy-password-for-timing") }
}
