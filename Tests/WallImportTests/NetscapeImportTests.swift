import Foundation
import Testing
import WallCore
@testable import WallImport

@Suite struct NetscapeImportTests {
    static let file = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <TITLE>Bookmarks</TITLE>
        <H1>Bookmarks</H1>
        <DL><p>
            <DT><H3 ADD_DATE="1600000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
            <DL><p>
                <DT><A HREF="https://swift.org/" ADD_DATE="1700000000" LAST_MODIFIED="1700000500" TAGS="Swift,lang">Swift &amp; co</A>
                <DD>The language's home
                <DT><H3>Read later</H3>
                <DL><p>
                    <DT><A HREF="https://example.com/a" ADD_DATE="1600000000000">Example A</A>
                    <DT><A HREF="javascript:alert(1)">Bookmarklet</A>
                    <DT><A>No address</A>
                </DL><p>
            </DL><p>
            <DT><A HREF='https://example.org/b?utm_source=x' ADD_DATE=1500000000>Example
              B</A>
        </DL><p>
        """

    @Test func readsLinksDatesTagsNotesAndFoldersAsTags() throws {
        let parsed = try ImportFile.parse(Data(Self.file.utf8))
        #expect(parsed.format == .netscapeHTML)
        #expect(parsed.entries.map(\.entry.url) == ["https://example.org/b?utm_source=x", "https://example.com/a", "https://swift.org/"])
        let swift = try #require(parsed.entries.last?.entry)
        #expect(swift.title == "Swift & co")
        #expect(swift.userNote == "The language's home")
        #expect(swift.tags == ["Swift", "lang"])
        #expect(swift.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(swift.updatedAt == Date(timeIntervalSince1970: 1_700_000_500))
        let a = parsed.entries[1].entry
        #expect(a.tags == ["Read later"])
        #expect(a.createdAt == Date(timeIntervalSince1970: 1_600_000_000), "milliseconds are read as such")
        #expect(parsed.entries[0].entry.title == "Example B")
        #expect(parsed.problems.map(\.location) == ["line 13", "line 14"])
        #expect(parsed.problems[0].reason.contains("javascript"))
    }

    @Test func foldersCanBecomeWalls() throws {
        let parsed = try ImportFile.parse(Data(Self.file.utf8), options: ImportOptions(folders: .walls))
        let walls = Dictionary(uniqueKeysWithValues: parsed.entries.map { ($0.entry.url!, $0.entry.wall) })
        #expect(walls["https://example.com/a"] == "Read later")
        #expect(walls["https://swift.org/"] == .some(nil), "the toolbar folder is not a wall")
        #expect(parsed.entries.first { $0.entry.url == "https://example.com/a" }?.entry.tags == [])
    }

    @Test func idsAreStableSoAFileImportsOnce() throws {
        let first = try ImportFile.parse(Data(Self.file.utf8))
        let second = try ImportFile.parse(Data(Self.file.utf8))
        #expect(first.entries.map(\.entry.id) == second.entries.map(\.entry.id))
        #expect(Set(first.entries.map(\.entry.id)).count == first.entries.count)
        let asWalls = try ImportFile.parse(Data(Self.file.utf8), options: ImportOptions(folders: .walls))
        #expect(asWalls.entries.first { $0.entry.url == "https://example.com/a" }?.entry.id
            != first.entries.first { $0.entry.url == "https://example.com/a" }?.entry.id, "another wall, another entry")
    }

    @Test func readsWindows1252AndUTF16() throws {
        let text = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"https://caf\u{E9}.example/\">Caf\u{E9} \u{2013} \u{20AC}5</A>\n</DL>"
        var cp1252 = Data()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x2013: cp1252.append(0x96)
            case 0x20AC: cp1252.append(0x80)
            default: cp1252.append(UInt8(scalar.value))
            }
        }
        let legacy = try ImportFile.parse(cp1252)
        #expect(legacy.encoding == .windows1252)
        #expect(legacy.entries.first?.entry.title == "Caf\u{E9} \u{2013} \u{20AC}5")

        var utf16 = Data([0xFF, 0xFE])
        for unit in text.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let wide = try ImportFile.parse(utf16)
        #expect(wide.encoding == .utf16LE)
        #expect(wide.entries.first?.entry.title == legacy.entries.first?.entry.title)

        var bigEndian = Data()
        for unit in text.utf16 { bigEndian.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        #expect(try ImportFile.parse(bigEndian).entries.first?.entry.title == legacy.entries.first?.entry.title)

        let bom = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
        #expect(try ImportFile.parse(bom).entries.count == 1)
    }

    @Test func writerOutputReadsBack() throws {
        let inbox = Wall(id: UUID(), slug: "inbox", name: "Inbox", isDefault: true, position: 0, itemCount: 1, createdAt: Date(timeIntervalSince1970: 100))
        let reading = Wall(id: UUID(), slug: "reading", name: "Reading <list>", isDefault: false, position: 1, itemCount: 1, createdAt: Date(timeIntervalSince1970: 100))
        let items = [
            Item(id: UUID(), kind: .url, url: "https://a.example/?q=\"x\"&y=1", title: "A & \"quotes\"", userNote: "line one\nline two",
                 tags: ["x", "y z"], wallId: reading.id, source: .cli, createdAt: Date(timeIntervalSince1970: 1_000), updatedAt: Date(timeIntervalSince1970: 2_000)),
            Item(id: UUID(), kind: .text, text: "just words", wallId: inbox.id, source: .web, createdAt: Date(timeIntervalSince1970: 3_000), updatedAt: Date(timeIntervalSince1970: 3_000)),
        ]
        let html = NetscapeWriter.write(ExportDocument(exportedAt: Date(), walls: [inbox, reading], items: items))
        #expect(html.contains("1 passage(s) without a link"))
        let parsed = try ImportFile.parse(Data(html.utf8), options: ImportOptions(folders: .walls))
        let entry = try #require(parsed.entries.first?.entry)
        #expect(parsed.entries.count == 1)
        #expect(entry.url == items[0].url)
        #expect(entry.title == items[0].title)
        #expect(entry.userNote == "line one\nline two")
        #expect(entry.tags == ["x", "y z"])
        #expect(entry.wall == "Reading <list>")
        #expect(entry.createdAt == items[0].createdAt)
        #expect(entry.updatedAt == items[0].updatedAt)
    }
}
