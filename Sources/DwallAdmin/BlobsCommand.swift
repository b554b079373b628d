import ArgumentParser

/// `dwall blobs`: the blob stores' admin commands.
public struct BlobsCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "blobs",
        abstract: "Manage where files are kept.",
        subcommands: [BlobsMigrateCommand.self]
    )

    /// Makes the command.
    public init() {}
}
