import ArgumentParser
import Foundation
import ShareKit
import WallCore

/// `dwall wall`: your walls and the walls shared with you, and who you share yours with.
struct WallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wall", abstract: "List your walls and share them with other people on your server.",
        subcommands: [List.self, Share.self, Unshare.self, Members.self, Link.self, Links.self, Unlink.self],
        defaultSubcommand: List.self
    )

    /// `dwall wall list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Your walls, then the walls shared with you (with their owner and your role)."
        )

        func run() async throws {
            let walls = try await WallCommand.session { try await $0.walls() }
            for wall in walls { print(WallCommand.line(wall)) }
        }
    }

    /// `dwall wall share WALL USER --role ROLE`.
    struct Share: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "share", abstract: "Share one of your walls with someone (or change their role)."
        )

        @Argument(help: "Your wall: its slug, name or id.") var wall: String
        @Argument(help: "Their user name on this server.") var username: String
        @Option(help: "viewer (sees it), contributor (adds, and changes what they added) or editor (changes anything).")
        var role: WallRole = .contributor

        func run() async throws {
            let member = try await WallCommand.session { client in
                let id = try await WallCommand.wallID(wall, client)
                return try await client.share(wall: id, with: username, role: role)
            }
            print("Shared with \(member.username) as \(member.role.rawValue).")
        }
    }

    /// `dwall wall unshare WALL USER`.
    struct Unshare: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unshare", abstract: "Take someone off a wall; your own name leaves a wall shared with you."
        )

        @Argument(help: "The wall: its slug, name or id.") var wall: String
        @Argument(help: "Their user name.") var username: String

        func run() async throws {
            try await WallCommand.session { client in
                try await client.unshare(wall: try await WallCommand.wallID(wall, client), with: username)
            }
            print("\(username) is no longer on the wall.")
        }
    }

    /// `dwall wall members WALL`.
    struct Members: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "members", abstract: "Who a wall is shared with.")

        @Argument(help: "The wall: its slug, name or id.") var wall: String

        func run() async throws {
            let members = try await WallCommand.session { client in
                try await client.members(wall: try await WallCommand.wallID(wall, client))
            }
            if members.isEmpty { print("Not shared with anyone.") }
            for member in members { print("\(member.username)\t\(member.role.rawValue)") }
        }
    }

    /// `dwall wall link WALL [--indexable]`.
    struct Link: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "link", abstract: "Make a secret link that shows a wall of yours to anyone who has it."
        )

        @Argument(help: "Your wall: its slug, name or id.") var wall: String
        @Flag(help: "Let search engines index the page.") var indexable = false

        func run() async throws {
            let link = try await WallCommand.session { client in
                try await client.makeLink(wall: try await WallCommand.wallID(wall, client), indexable: indexable)
            }
            print(link.url ?? link.id.uuidString)
        }
    }

    /// `dwall wall links WALL`.
    struct Links: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "links", abstract: "A wall's secret links (their ids and dates; the links were shown once)."
        )

        @Argument(help: "Your wall: its slug, name or id.") var wall: String

        func run() async throws {
            let links = try await WallCommand.session { client in
                try await client.links(wall: try await WallCommand.wallID(wall, client))
            }
            if links.isEmpty { print("No secret links.") }
            for link in links {
                print("\(link.id.uuidString.lowercased())\t\(WallJSON.formatDate(link.createdAt))\(link.indexable ? "\tindexable" : "")")
            }
        }
    }

    /// `dwall wall unlink WALL LINK_ID`.
    struct Unlink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unlink", abstract: "Revoke a secret link at once.")

        @Argument(help: "Your wall: its slug, name or id.") var wall: String
        @Argument(help: "The link's id, as 'dwall wall links' prints it.") var link: String

        func run() async throws {
            guard let linkID = UUID(uuidString: link) else { throw ClientExit.fail("'\(link)' is not a link id.") }
            try await WallCommand.session { client in
                try await client.revokeLink(linkID, wall: try await WallCommand.wallID(wall, client))
            }
            print("Revoked.")
        }
    }

    /// Runs `body` with a client for the signed-in account; API errors exit with their message.
    static func session<Value>(_ body: (WallAPIClient) async throws -> Value) async throws -> Value {
        let context = ClientContext()
        let credentials = try context.credentials()
        do { return try await body(context.client(server: credentials.server, token: credentials.token)) } catch let error as ShareError {
            throw ClientExit.fail(error, doing: "Talking to the server")
        }
    }

    /// The id of the wall `ref` names: an id, or the slug or name of one of the person's walls
    /// (their own first, then shared ones by name).
    static func wallID(_ ref: String, _ client: WallAPIClient) async throws -> UUID {
        if let id = UUID(uuidString: ref) { return id }
        let walls = try await client.walls()
        let wanted = ref.lowercased()
        let own = walls.filter { $0.owner == nil }
        if let wall = own.first(where: { $0.slug == wanted }) ?? own.first(where: { $0.name.lowercased() == wanted })
            ?? walls.first(where: { $0.name.lowercased() == wanted }) {
            return wall.id
        }
        throw ClientExit.fail("You have no wall called '\(ref)'. 'dwall wall list' shows them.")
    }

    /// One wall as a line: slug, name, items, and on a shared wall its owner and your role.
    static func line(_ wall: Wall) -> String {
        var fields = [wall.owner == nil ? wall.slug : wall.id.uuidString.lowercased(), wall.name, "\(wall.itemCount) items"]
        if let owner = wall.owner, let role = wall.role { fields.append("shared by \(owner), you are \(role.rawValue)") }
        if wall.isDefault { fields.append("default") }
        return fields.joined(separator: "\t")
    }
}

extension WallRole: ExpressibleByArgument {}
