import Foundation
import Testing
import WallCore
import WallStore

/// Users, their default wall, and API tokens.
@Suite("Accounts and tokens")
struct AccountStoreTests {
    // MARK: Users

    @Test("createUser makes exactly one wall: the default inbox", arguments: StoreFactory.all)
    func createUserMakesTheDefaultWall(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let user = try await store.createUser(username: "alice", passwordHash: "hash-1")

            let walls = try await store.walls(userID: user.id)
            #expect(walls.count == 1)
            let inbox = try #require(walls.first)
            #expect(inbox.slug == DefaultWall.slug)
            #expect(inbox.slug == "inbox")
            #expect(inbox.isDefault)
            #expect(inbox.itemCount == 0)
            #expect(try await store.wall(ref: "inbox", userID: user.id) == inbox)
            #expect(try await store.wall(ref: inbox.id.uuidString, userID: user.id) == inbox)
        }
    }

    @Test("A user name is taken whatever its case", arguments: StoreFactory.all)
    func duplicateUsernameIsRefused(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.createUser(username: "Alice", passwordHash: "hash-1")

            await #expect(throws: StoreError.usernameTaken) {
                try await store.createUser(username: "Alice", passwordHash: "hash-2")
            }
            await #expect(throws: StoreError.usernameTaken) {
                try await store.createUser(username: "aLICE", passwordHash: "hash-3")
            }
            #expect(try await store.userCount() == 1)
            #expect(try await store.credentials(username: "alice")?.passwordHash == "hash-1")
            #expect(try await store.walls(userID: alice.id).count == 1)
        }
    }

    @Test("credentials finds a user by name, ignoring case", arguments: StoreFactory.all)
    func credentialsIgnoreCase(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.createUser(username: "Alice", passwordHash: "hash-a")
            _ = try await store.createUser(username: "bob", passwordHash: "hash-b")

            let found = try #require(try await store.credentials(username: "aLiCe"))
            #expect(found.user == alice)
            #expect(found.user.username == "Alice")
            #expect(found.passwordHash == "hash-a")
            #expect(try await store.credentials(username: "BOB")?.passwordHash == "hash-b")
            #expect(try await store.credentials(username: "carol") == nil)
        }
    }

    @Test("user(id:) finds a user by id", arguments: StoreFactory.all)
    func userByID(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.createUser(username: "Alice", passwordHash: "hash-a")
            let bob = try await store.newUser()

            #expect(try await store.user(id: alice.id) == alice)
            #expect(try await store.user(id: bob.id) == bob)
            #expect(try await store.user(id: UUID()) == nil)
        }
    }

    @Test("userCount counts users", arguments: StoreFactory.all)
    func userCountCounts(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            #expect(try await store.userCount() == 0)
            _ = try await store.newUser("one")
            #expect(try await store.userCount() == 1)
            _ = try await store.newUser("two")
            #expect(try await store.userCount() == 2)
        }
    }

    @Test("setPasswordHash replaces the hash; false for an unknown user", arguments: StoreFactory.all)
    func setPasswordHash(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.createUser(username: "alice", passwordHash: "old")

            #expect(try await store.setPasswordHash("new", userID: alice.id))
            #expect(try await store.credentials(username: "alice")?.passwordHash == "new")
            #expect(try await store.setPasswordHash("other", userID: UUID()) == false)
        }
    }

    // MARK: Tokens

    @Test("Tokens are listed newest first, as created", arguments: StoreFactory.all)
    func tokensNewestFirst(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let first = try await store.createToken(userID: alice.id, label: "iPhone", tokenHash: "h1")
            let second = try await store.createToken(userID: alice.id, label: "Laptop", tokenHash: "h2")
            let third = try await store.createToken(userID: alice.id, label: "CLI", tokenHash: "h3")

            #expect(first.label == "iPhone")
            #expect(first.lastUsedAt == nil)
            #expect(try await store.tokens(userID: alice.id) == [third, second, first])
        }
    }

    @Test("A user sees only their own tokens", arguments: StoreFactory.all)
    func tokensArePerUser(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let alices = try await store.createToken(userID: alice.id, label: "a", tokenHash: "ha")
            let bobs = try await store.createToken(userID: bob.id, label: "b", tokenHash: "hb")

            #expect(try await store.tokens(userID: alice.id) == [alices])
            #expect(try await store.tokens(userID: bob.id) == [bobs])
        }
    }

    @Test("tokenOwner finds a token by its hash", arguments: StoreFactory.all)
    func tokenOwnerByHash(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let alices = try await store.createToken(userID: alice.id, label: "a", tokenHash: "hash-of-a")
            let bobs = try await store.createToken(userID: bob.id, label: "b", tokenHash: "hash-of-b")

            #expect(try await store.tokenOwner(tokenHash: "hash-of-a") == TokenOwner(tokenID: alices.id, userID: alice.id))
            #expect(try await store.tokenOwner(tokenHash: "hash-of-b") == TokenOwner(tokenID: bobs.id, userID: bob.id))
            #expect(try await store.tokenOwner(tokenHash: "hash-of-nobody") == nil)
            #expect(try await store.tokenOwner(tokenHash: "HASH-OF-A") == nil)
        }
    }

    @Test("revokeToken deletes only the caller's own token", arguments: StoreFactory.all)
    func revokeToken(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let bob = try await store.newUser()
            let token = try await store.createToken(userID: alice.id, label: "a", tokenHash: "ha")
            let kept = try await store.createToken(userID: alice.id, label: "kept", tokenHash: "hk")

            #expect(try await store.revokeToken(id: UUID(), userID: alice.id) == false)
            #expect(try await store.revokeToken(id: token.id, userID: bob.id) == false)
            #expect(try await store.tokenOwner(tokenHash: "ha") != nil)

            #expect(try await store.revokeToken(id: token.id, userID: alice.id))
            #expect(try await store.tokenOwner(tokenHash: "ha") == nil)
            #expect(try await store.tokens(userID: alice.id) == [kept])
            #expect(try await store.revokeToken(id: token.id, userID: alice.id) == false)
        }
    }

    @Test("recordTokenUse sets lastUsedAt and never moves it back", arguments: StoreFactory.all)
    func recordTokenUse(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let used = try await store.createToken(userID: alice.id, label: "used", tokenHash: "hu")
            let idle = try await store.createToken(userID: alice.id, label: "idle", tokenHash: "hi")
            // Whole milliseconds, the precision stores keep.
            let noon = Date(timeIntervalSince1970: 1_767_268_800.123)
            let before = Date(timeIntervalSince1970: 1_767_268_740.5)
            let after = Date(timeIntervalSince1970: 1_767_268_860.007)

            try await store.recordTokenUse([used.id: noon, UUID(): noon])
            try await store.recordTokenUse([:])

            var tokens = try await store.tokens(userID: alice.id)
            #expect(tokens.first { $0.id == used.id }?.lastUsedAt == noon)
            #expect(tokens.first { $0.id == idle.id }?.lastUsedAt == nil)

            try await store.recordTokenUse([used.id: before])
            tokens = try await store.tokens(userID: alice.id)
            #expect(tokens.first { $0.id == used.id }?.lastUsedAt == noon)

            try await store.recordTokenUse([used.id: after])
            tokens = try await store.tokens(userID: alice.id)
            #expect(tokens.first { $0.id == used.id }?.lastUsedAt == after)
        }
    }
}
