import ArgumentParser
import DwallAdmin
import WallCore

/// `dwall`: run a Digital Wall server and manage its accounts; share to a wall and read it.
struct Dwall: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dwall",
        abstract: "Digital Wall: save anything to your own wall.",
        version: ReleaseVersion.current,
        subcommands: [
            ServeCommand.self, UserCommand.self, TokenCommand.self,
            LoginCommand.self, LogoutCommand.self, ShareCommand.self, SyncCommand.self, OutboxCommand.self,
            ListCommand.self, SearchCommand.self, RefreshCommand.self, WallCommand.self, ActivationRuleCommand.self,
            ImportCommand.self, ExportCommand.self, BackupCommand.self, RestoreCommand.self, PruneCommand.self, BlobsCommand.self,
        ]
    )
}
