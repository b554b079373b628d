import Foundation
import Testing
import WallCore
@testable import WallImport

@Suite struct OtherFormatTests {
    @Test func pocketCSVWithQuotesNewlinesAndBadRecords() throws {
        let csv = "title,url,time_added,tags,status\r\n"
            + "\"Hello, \"\"world\"\"\",https://hello.example/,1700000000,a|b,unread\r\n"
            + "\"Two\nlines\",https://two.example/,1600000000,,archive\r\n"
            + "Short,https://short.example/\r\n"
            + "No link,,1600000000,,unread\r\n"
            + "Bad,notaurl,1600000000,,unread\r\n"
        let parsed = try ImportFile.parse(Data(csv.utf8))
        #expect(parsed.format == .pocketCSV)
        #expect(parsed.entries.map(\.entry.url) == ["https://two.example/", "https://hello.example/"])
        #expect(parsed.entries[1].entry.title == "Hello, \"world\"")
        #expect(parsed.entries[1].entry.tags == ["a", "b"])
        #expect(parsed.entries[0].entry.title == "Two lines", "a title is one line")
        #expect(parsed.problems.map(\.location).contains("line 5"))
        #expect(parsed.problems.map(\.location).contains("line 6"))
        #expect(parsed.problems.map(\.location).contains("line 7"))
        #expect(parsed.problems.first { $0.location == "line 7" }?.reason.contains("url") == true)
    }

    @Test func csvWithAnOpenQuoteIsRefusedNamingTheLine() {
        let csv = "title,url\nok,https://a.example/\n\"never closed,https://b.example/\n"
        #expect(throws: ImportFileError("Line 3: a quoted field is never closed.")) { try ImportFile.parse(Data(csv.utf8)) }
    }

    @Test func linkdingJSON() throws {
        let json = """
            {"count": 3, "results": [
              {"id": 1, "url": "https://l.example/1", "title": "One", "description": "desc", "notes": "mine",
               "tag_names": ["x", "y"], "date_added": "2023-05-01T10:00:00.123456Z", "date_modified": "2023-05-02T10:00:00+02:00"},
              {"id": 2, "title": "no url"},
              "oops"
            ]}
            """
        let parsed = try ImportFile.parse(Data(json.utf8))
        #expect(parsed.format == .linkdingJSON)
        let entry = try #require(parsed.entries.first?.entry)
        #expect(entry.userNote == "desc\n\nmine")
        #expect(entry.tags == ["x", "y"])
        #expect(entry.createdAt == WallJSON.parseDate("2023-05-01T10:00:00.123Z"))
        #expect(entry.updatedAt == WallJSON.parseDate("2023-05-02T08:00:00Z"))
        #expect(parsed.problems.map(\.location) == ["entry 2", "entry 3"])
    }

    @Test func karakeepJSON() throws {
        let json = """
            {"bookmarks": [
              {"createdAt": 1700000000, "title": "Link", "tags": ["k"], "note": "n", "content": {"type": "link", "url": "https://k.example/"}},
              {"createdAt": 1700000100, "title": null, "tags": [], "content": {"type": "text", "text": "A passage"}},
              {"createdAt": 1700000200, "content": {"type": "asset", "assetId": "x"}}
            ]}
            """
        let parsed = try ImportFile.parse(Data(json.utf8))
        #expect(parsed.format == .karakeepJSON)
        #expect(parsed.entries.map(\.entry.contentType) == [.url, .text])
        #expect(parsed.entries[1].entry.text == "A passage")
        #expect(parsed.entries[0].entry.userNote == "n")
        #expect(parsed.problems.map(\.location) == ["entry 3"])
    }

    @Test func plainURLList() throws {
        let text = "# my links\nhttps://one.example/\r\n\nnot a link\nhttp://two.example/x\n"
        let parsed = try ImportFile.parse(Data(text.utf8))
        #expect(parsed.format == .urlList)
        #expect(parsed.entries.map(\.entry.url) == ["https://one.example/", "http://two.example/x"])
        #expect(parsed.problems.map(\.location) == ["line 4"])
    }

    @Test func unknownAndBrokenFilesAreRefused() {
        #expect(throws: ImportFileError.self) { try ImportFile.parse(Data("just some words".utf8)) }
        #expect(throws: ImportFileError.self) { try ImportFile.parse(Data("{\"results\": [".utf8)) }
        #expect(throws: ImportFileError.self) { try ImportFile.parse(Data("{\"format\": \"digitalwall-export\", \"version\": 1}".utf8)) }
    }

    @Test func ownExportKeepsIdsDatesAndOrder() throws {
        let inbox = Wall(id: UUID(), slug: "inbox", name: "Inbox", isDefault: true, position: 0, itemCount: 1, createdAt: Date(timeIntervalSince1970: 100))
        let other = Wall(id: UUID(), slug: "other", name: "Other", isDefault: false, position: 1, itemCount: 1, createdAt: Date(timeIntervalSince1970: 100))
        let items = [
            Item(id: UUID(), kind: .url, url: "https://b.example/", wallId: other.id, source: .cli,
                 sharedAt: Date(timeIntervalSince1970: 50), createdAt: Date(timeIntervalSince1970: 3_000), updatedAt: Date(timeIntervalSince1970: 4_000)),
            Item(id: UUID(), kind: .text, text: "words", userNote: "n", tags: ["t"], wallId: inbox.id, source: .web,
                 createdAt: Date(timeIntervalSince1970: 1_000), updatedAt: Date(timeIntervalSince1970: 1_000)),
        ]
        let data = try WallJSON.encoder().encode(ExportDocument(exportedAt: Date(), walls: [inbox, other], items: items))
        let parsed = try ImportFile.parse(data)
        #expect(parsed.format == .digitalWallJSON)
        #expect(parsed.walls == [ImportWall(slug: "other", name: "Other", position: 1)])
        #expect(parsed.entries.map(\.entry.id) == items.map(\.id), "file order is kept, not date order")
        #expect(parsed.entries[0].entry.wall == "other")
        #expect(parsed.entries[1].entry.wall == nil)
        #expect(parsed.entries[0].entry.sharedAt == items[0].sharedAt)
        #expect(parsed.entries[0].entry.source == .cli)
    }
}
