import ArgumentParser
import Foundation
import WallCore
import WallApp

/// `dwall user create NAME`: make an account (works while the server runs).
public struct UserCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage user accounts.", subcommands: [Create.self]
    )

    /// Makes the command (it only groups its subcommands).
    public init() {}

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a user and their default wall.")

        @OptionGroup var storage: StorageOptions

        @Argument(help: "The user name to sign in with.")
        var name: String

        @Flag(help: "Read the password from standard input instead of asking for it.")
        var passwordStdin = false

        func run() async throws {
            let password = try passwordStdin ? PasswordInput.fromStandardInput() : PasswordInput.prompt(confirm: true)
            let user = try await CommandErrors.explain {
                try await storage.withAccounts { try await $0.createUser(username: name, password: password) }
            }
            print("Created user \(user.username) (\(user.id.uuidString.lowercased())) with the wall 'inbox'.")
        }
    }
}
