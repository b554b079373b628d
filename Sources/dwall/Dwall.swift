import ArgumentParser

/// `dwall`: run a Digital Wall server and manage its accounts.
struct Dwall: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dwall",
        abstract: "Digital Wall: save anything to your own wall.",
        subcommands: [ServeCommand.self, UserCommand.self, TokenCommand.self]
    )
}
