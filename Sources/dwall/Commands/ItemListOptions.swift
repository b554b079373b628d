import ArgumentParser
import Foundation
import ShareKit
import WallCore

/// The filters and output options `dwall ls` and `dwall search` share.
struct ItemListOptions: ParsableArguments {
    @Option(help: "Only this wall (slug or id).") var wall: String?
    @Option(help: "Only items with this tag.") var tag: String?
    @Option(help: "Only url, text, image or file items.") var kind: String?
    @Option(help: "Items to show, 1 to 200.") var limit = 20
    @Option(help: "Continue from the cursor a previous page printed.") var cursor: String?
    @Flag(help: "Print the page as JSON.") var json = false

    func validate() throws {
        guard (1...Limits.maxPageSize).contains(limit) else { throw ValidationError("--limit must be 1 to \(Limits.maxPageSize).") }
        if let kind, ItemKind(rawValue: kind) == nil { throw ValidationError("--kind must be url, text, image or file.") }
    }

    /// Fetches one page and prints it; the next page's cursor goes to standard error.
    func list(search: String?, savedSearch: String? = nil) async throws {
        let context = ClientContext()
        let credentials = try context.credentials()
        let filter = ItemFilter(
            wall: wall, kind: kind.flatMap(ItemKind.init(rawValue:)), tag: tag, search: search, savedSearch: savedSearch,
            cursor: cursor, limit: limit
        )
        let page: ItemPage
        do { page = try await context.client(server: credentials.server, token: credentials.token).items(filter) } catch {
            throw ClientExit.fail(error, doing: "Reading the wall")
        }
        if json {
            try JSONLine.print(page)
            return
        }
        for item in page.items { print(ItemLine.format(item)) }
        if let next = page.nextCursor {
            FileHandle.standardError.write(Data("More: --cursor \(next)\n".utf8))
        }
    }
}
