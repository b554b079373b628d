import Foundation
import GRDB
import WallCore

/// `ItemFilter` as a SQLite condition on a row of `items`, written so that no case is ever NULL
/// (a negated filter holds exactly where the filter does not).
struct SQLiteItemFilterSQL {
    /// Whose tags a tag filter reads (`VisibleItems.tagOwners`).
    let tagOwners: [UUID]

    /// The condition, its parameters appended to `arguments`.
    func condition(_ filter: ItemFilter, _ arguments: inout StatementArguments) -> String {
        switch filter {
        case .text(let query):
            arguments += [query.fts5Expression]
            return "pk IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)"
        case .tag(let tag):
            arguments += StatementArguments(tagOwners.map(\.dbText)) + [tag]
            return """
                id IN (SELECT item_id FROM item_tags WHERE user_id IN (\(databaseQuestionMarks(count: tagOwners.count))) AND tag = ?)
                """
        case .kind(let kind):
            arguments += [kind.rawValue]
            return "kind = ?"
        case .fileType(let type):
            arguments += [type]
            return "coalesce(json_extract(file, '$.contentType'), '') = ?"
        case .walls(let wallIDs):
            guard !wallIDs.isEmpty else { return "0" }
            arguments += StatementArguments(wallIDs.map(\.dbText))
            return "wall_id IN (\(databaseQuestionMarks(count: wallIDs.count)))"
        case .host(let host):
            arguments += [host, host.count + 1, "." + host]
            let host = Self.linkHost
            return "(\(host) = ? OR substr(\(host), -?) = ?)"
        case .hasNote: return "coalesce(note, '') <> ''"
        case .hasTags: return "tags <> ''"
        case .hasFile: return "file IS NOT NULL"
        case .hasText:
            return """
                (coalesce(text, '') <> '' OR coalesce(readable_text, '') <> ''
                 OR (kind IN ('file', 'image') AND coalesce(preview_search, '') <> ''))
                """
        case .savedBefore(let instant):
            arguments += [instant.millisSince1970]
            return "created_at < ?"
        case .savedFrom(let instant):
            arguments += [instant.millisSince1970]
            return "created_at >= ?"
        case .onSharedWall: return "wall_id IN (SELECT wall_id FROM wall_members)"
        case .not(let filter): return "NOT (\(condition(filter, &arguments)))"
        case .any(let filters): return "(" + filters.map { condition($0, &arguments) }.joined(separator: " OR ") + ")"
        case .all(let filters): return "(" + filters.map { condition($0, &arguments) }.joined(separator: " AND ") + ")"
        }
    }

    /// The host of an item's canonical link, lower-case as the canonical form keeps it, without
    /// a port; '' for an item without a link.
    private static let linkHost: String = {
        let link = "coalesce(canonical_url, '')"
        let rest = "substr(\(link), instr(\(link), '://') + 3)"
        let hostAndPort = "substr(\(rest), 1, instr(\(rest) || '/', '/') - 1)"
        return "substr(\(hostAndPort), 1, instr(\(hostAndPort) || ':', ':') - 1)"
    }()
}
