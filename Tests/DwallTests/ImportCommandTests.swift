import Foundation
import Testing
import WallCore

/// `dwall import` and `dwall export` against a real server: a browser file in several batches,
/// the summary, a second run adding nothing, and export → import into an empty server.
@Suite(.serialized) struct ImportCommandTests {
    /// A bookmark file with `count` links in two folders, one bookmarklet and one duplicate.
    static func bookmarkFile(count: Int) -> String {
        var html = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        for folder in ["Work", "Home"] {
            html += "<DT><H3>\(folder)</H3>\n<DL><p>\n"
            for index in 0..<count / 2 {
                let added = 1_500_000_000 + index * 60
                html += "<DT><A HREF=\"https://\(folder.lowercased()).example/\(index)\" ADD_DATE=\"\(added)\" TAGS=\"t\(index % 3)\">\(folder) \(index)</A>\n"
            }
            if folder == "Work" { html += "<DT><A HREF=\"https://work.example/0\" ADD_DATE=\"1600000000\">Work 0 again</A>\n" }
            html += "</DL><p>\n"
        }
        html += "<DT><A HREF=\"javascript:void(0)\">A bookmarklet</A>\n</DL><p>\n"
        return html
    }

    @Test func importsABrowserFileOnceAndExportsItBack() async throws {
        let setting = try SignedInClient()
        defer { setting.cleanUp() }
        let file = setting.client.home.appendingPathComponent("bookmarks.html")
        try Data(Self.bookmarkFile(count: 240).utf8).write(to: file)

        let first = try setting.client.run(["import", file.path, "--folders", "walls", "--batch-size", "50"])
        #expect(first.status == 0, "\(first.output) \(first.errorOutput)")
        #expect(first.output.hasPrefix("Imported 240, 1 already there, 1 skipped (242 entries in a netscape-html file)."), "\(first.output)")
        #expect(first.output.contains("skipped line 250: Only web addresses are imported, not javascript: links."), "\(first.output)")
        let items = try await setting.items()
        #expect(items.count == 240)
        #expect(Set(items.map(\.wallId)).count == 2)
        #expect(items.first?.createdAt == Date(timeIntervalSince1970: Double(1_500_000_000 + 119 * 60)), "the newest bookmark is on top")

        let again = try setting.client.run(["import", file.path, "--folders", "walls", "--json"])
        #expect(again.status == 0)
        let summary = try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any]
        #expect(summary?["imported"] as? Int == 0)
        #expect(summary?["duplicates"] as? Int == 241)
        #expect(try await setting.items().count == 240)

        let exported = setting.client.home.appendingPathComponent("export.json")
        let export = try setting.client.run(["export", "--output", exported.path])
        #expect(export.status == 0, "\(export.errorOutput)")
        let html = try setting.client.run(["export", "--format", "html"])
        #expect(html.output.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))

        // Into an empty server: the same walls and items, in the same order.
        let empty = try SignedInClient()
        defer { empty.cleanUp() }
        let restore = try empty.client.run(["import", exported.path])
        #expect(restore.status == 0, "\(restore.output) \(restore.errorOutput)")
        #expect(restore.output.hasPrefix("Imported 240, 0 already there, 0 skipped"), "\(restore.output)")
        let restored = try await empty.items()
        #expect(restored.map(\.id) == items.map(\.id))
        #expect(restored.map(\.createdAt) == items.map(\.createdAt))
        #expect(restored.map(\.tags) == items.map(\.tags))
    }

    @Test func unreadableFilesAndAbsentServersExitAsDocumented() throws {
        let setting = try SignedInClient()
        defer { setting.cleanUp() }
        let file = setting.client.home.appendingPathComponent("words.txt")
        try Data("just some words".utf8).write(to: file)
        let unreadable = try setting.client.run(["import", file.path])
        #expect(unreadable.status == 1)
        #expect(unreadable.errorOutput.contains("not in a format Digital Wall reads"))
        let missing = try setting.client.run(["import", setting.client.home.appendingPathComponent("absent.html").path])
        #expect(missing.status == 1)

        let list = setting.client.home.appendingPathComponent("links.txt")
        try Data("https://a.example/\nhttps://b.example/\n".utf8).write(to: list)
        _ = try setting.server.stop()
        let offline = try setting.client.run(["import", list.path])
        #expect(offline.status == 75, "\(offline.output) \(offline.errorOutput)")
        #expect(offline.errorOutput.contains("run it again"))
    }
}
