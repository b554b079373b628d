import ArgumentParser
import Foundation
import ShareKit
import WallCore

/// `dwall refresh ID`: fetches a link's page again for its preview (`POST /v1/items/{id}/refresh`).
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh", abstract: "Fetch a link's page again for its card (title, description, site, text)."
    )

    @Argument(help: "The item's id (as 'dwall ls' prints it).") var id: String
    @Flag(help: "Print the item as JSON.") var json = false

    func validate() throws {
        guard UUID(uuidString: id) != nil else { throw ValidationError("The id must be an item id, such as 'dwall ls' prints.") }
    }

    func run() async throws {
        guard let itemID = UUID(uuidString: id) else { throw ExitCode.validationFailure }
        let context = ClientContext()
        let credentials = try context.credentials()
        let item: Item
        do { item = try await context.client(server: credentials.server, token: credentials.token).refresh(id: itemID) } catch {
            throw ClientExit.fail(error, doing: "Refreshing the item")
        }
        if json {
            try JSONLine.print(item)
        } else {
            print("Refreshing: " + ItemLine.format(item))
        }
    }
}
