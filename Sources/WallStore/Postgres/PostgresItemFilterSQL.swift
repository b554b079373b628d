import Foundation
import PostgresNIO
import WallCore

/// `ItemFilter` as a PostgreSQL condition on the row of `items` aliased `i`, written so that no
/// case is ever NULL (a negated filter holds exactly where the filter does not); each case says
/// what `SQLiteItemFilterSQL` says, and the store conformance suite holds both to it.
enum PostgresItemFilterSQL {
    /// Appends `AND` and the condition to `query`, binding its parameters there.
    static func appendCondition(_ filter: ItemFilter, to query: inout PostgresQuery) {
        var binds = query.binds
        let condition = condition(filter, &binds)
        query.sql += " AND " + condition
        query.binds = binds
    }

    /// The condition, its parameters appended to `binds`.
    static func condition(_ filter: ItemFilter, _ binds: inout PostgresBindings) -> String {
        func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
            binds.append(value, context: .default)
            return "$\(binds.count)"
        }
        switch filter {
        case .text(let search):
            return "i.search @@ to_tsquery('dwall_search', \(bind(search.tsqueryText)))"
        case .tag(let tag):
            return tag.isStorableInPostgres ? "i.tags @> ARRAY[\(bind(tag))::text]" : "false"
        case .kind(let kind):
            return "i.kind = \(bind(kind.rawValue))"
        case .fileType(let type):
            return "coalesce(i.file::jsonb ->> 'contentType', '') = \(bind(type))"
        case .walls(let wallIDs):
            guard !wallIDs.isEmpty else { return "false" }
            return "i.wall_id = ANY(\(bind(wallIDs))::uuid[])"
        case .host(let host):
            let linkHost = "coalesce(substring(i.canonical_url from '^[^:/?#]+://([^/?#:]*)'), '')"
            let name = bind(host)
            return "(\(linkHost) = \(name) OR right(\(linkHost), length(\(name)) + 1) = '.' || \(name))"
        case .hasNote: return "coalesce(i.note, '') <> ''"
        case .hasTags: return "cardinality(i.tags) > 0"
        case .hasFile: return "i.file IS NOT NULL"
        case .hasText:
            return """
                (coalesce(i.text, '') <> '' OR coalesce(i.readable_text, '') <> '' \
                OR (i.kind IN ('file', 'image') AND coalesce(length(i.preview_search), 0) > 0))
                """
        case .savedBefore(let instant): return "i.created_at < \(bind(instant))"
        case .savedFrom(let instant): return "i.created_at >= \(bind(instant))"
        case .onSharedWall: return "i.wall_id IN (SELECT m.wall_id FROM wall_members m)"
        case .not(let filter): return "NOT (\(condition(filter, &binds)))"
        case .any(let filters): return "(" + filters.map { condition($0, &binds) }.joined(separator: " OR ") + ")"
        case .all(let filters): return "(" + filters.map { condition($0, &binds) }.joined(separator: " AND ") + ")"
        }
    }
}
