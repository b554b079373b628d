import ArgumentParser
import Foundation
import WallCore
import WallApp
import WallStore

/// `dwall token create|list|revoke`: API tokens for apps and scripts (works while the server runs).
public struct TokenCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Manage API tokens.", subcommands: [Create.self, List.self, Revoke.self]
    )

    /// Makes the command (it only groups its subcommands).
    public init() {}

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a token; it is printed once and never again.")

        @OptionGroup var storage: StorageOptions
        @Option(help: "The user the token belongs to.") var user: String
        @Option(help: "What to call the token, e.g. \"iPhone\".") var label = "API token"

        func run() async throws {
            let token = try await CommandErrors.explain {
                try await storage.withAccounts { accounts in
                    let owner = try await accounts.requireUser(named: user)
                    return try await accounts.issueToken(userID: owner.id, label: try TokenLabel.validate(label))
                }
            }
            print(token.token)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a user's tokens (not their secrets).")

        @OptionGroup var storage: StorageOptions
        @Option(help: "Whose tokens.") var user: String

        func run() async throws {
            let tokens = try await CommandErrors.explain {
                try await storage.withAccounts { accounts in
                    let owner = try await accounts.requireUser(named: user)
                    return try await accounts.store.tokens(userID: owner.id)
                }
            }
            for token in tokens {
                let used = token.lastUsedAt.map { WallJSON.formatDate($0) } ?? "never used"
                print("\(token.id.uuidString.lowercased())  \(token.label)  created \(WallJSON.formatDate(token.createdAt))  \(used)")
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token by its id.")

        @OptionGroup var storage: StorageOptions
        @Option(help: "Whose token.") var user: String
        @Argument(help: "The token's id, from 'dwall token list'.") var id: String

        func run() async throws {
            guard let tokenID = UUID(uuidString: id) else { throw ArgumentParser.ValidationError("'\(id)' is not a token id.") }
            let revoked = try await CommandErrors.explain {
                try await storage.withAccounts { accounts in
                    let owner = try await accounts.requireUser(named: user)
                    return try await accounts.store.revokeToken(id: tokenID, userID: owner.id)
                }
            }
            guard revoked else { throw CommandFailure("\(user) has no token \(id).") }
            print("Revoked. Servers stop accepting it within 5 seconds.")
        }
    }
}
