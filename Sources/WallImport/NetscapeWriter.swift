import Foundation
import WallCore

/// Writes Netscape bookmark HTML that browsers import: one folder per wall (in switcher order),
/// each link with its title, dates (`ADD_DATE`, `LAST_MODIFIED`), tags (`TAGS`) and note (`<DD>`).
/// Passages without a link can't be bookmarks; a comment says how many were left out.
public enum NetscapeWriter {
    /// The bookmark file for `document`.
    public static func write(_ document: ExportDocument) -> String {
        var html = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
            <TITLE>Bookmarks</TITLE>
            <H1>Bookmarks</H1>
            <DL><p>

            """
        let byWall = Dictionary(grouping: document.items.filter { $0.url != nil }, by: \.wallId)
        for wall in document.walls {
            html += "    <DT><H3 ADD_DATE=\"\(seconds(wall.createdAt))\">\(HTMLEntities.escape(wall.name))</H3>\n"
            html += "    <DL><p>\n"
            for item in (byWall[wall.id] ?? []).reversed() {
                html += bookmark(item)
            }
            html += "    </DL><p>\n"
        }
        html += "</DL><p>\n"
        let left = document.items.filter { $0.url == nil }.count
        if left > 0 { html += "<!-- \(left) passage(s) without a link are only in the JSON export. -->\n" }
        return html
    }

    private static func bookmark(_ item: Item) -> String {
        var line = "        <DT><A HREF=\"\(HTMLEntities.escape(item.url ?? ""))\""
        line += " ADD_DATE=\"\(seconds(item.createdAt))\" LAST_MODIFIED=\"\(seconds(item.updatedAt))\""
        if !item.tags.isEmpty { line += " TAGS=\"\(HTMLEntities.escape(item.tags.joined(separator: ",")))\"" }
        line += ">\(HTMLEntities.escape(item.title ?? item.url ?? ""))</A>\n"
        if let note = item.userNote { line += "        <DD>\(HTMLEntities.escape(note))\n" }
        return line
    }

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
