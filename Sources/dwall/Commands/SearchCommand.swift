import ArgumentParser

/// `dwall search QUERY`: full-text search over titles, notes, text, links and tags.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search your items (words match as prefixes; \"quoted phrases\" too)."
    )

    @Argument(help: "What to look for.") var query: String
    @OptionGroup var options: ItemListOptions

    func run() async throws { try await options.list(search: query) }
}
