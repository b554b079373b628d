import ArgumentParser

/// `dwall ls`: the newest items on your walls.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ls", abstract: "List your items, newest first.")

    @OptionGroup var options: ItemListOptions
    @Option(help: "Only what this saved search (smart wall) matches: its slug or id.") var search: String?

    func run() async throws { try await options.list(search: nil, savedSearch: search) }
}
