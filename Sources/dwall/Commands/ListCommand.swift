import ArgumentParser

/// `dwall ls`: the newest items on your walls.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ls", abstract: "List your items, newest first.")

    @OptionGroup var options: ItemListOptions

    func run() async throws { try await options.list(search: nil) }
}
