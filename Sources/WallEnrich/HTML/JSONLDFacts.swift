import Foundation

/// The author and publication date a page's JSON-LD blocks state (schema.org `Article` and
/// friends), looking through arrays and `@graph`.
struct JSONLDFacts {
    var author: String?
    var published: String?

    init(_ blocks: [String]) {
        for block in blocks {
            guard let data = block.data(using: .utf8),
                  let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            else { continue }
            visit(json, depth: 0)
            if author != nil, published != nil { return }
        }
    }

    private mutating func visit(_ value: Any, depth: Int) {
        guard depth < 8 else { return }
        if let array = value as? [Any] {
            for element in array { visit(element, depth: depth + 1) }
            return
        }
        guard let object = value as? [String: Any] else { return }
        if author == nil, let named = Self.name(object["author"] ?? object["creator"]) { author = named }
        if published == nil, let date = (object["datePublished"] ?? object["dateCreated"]) as? String { published = date }
        if let graph = object["@graph"] { visit(graph, depth: depth + 1) }
    }

    private static func name(_ value: Any?) -> String? {
        switch value {
        case let text as String: return text
        case let object as [String: Any]: return object["name"] as? String
        case let array as [Any]:
            let names = array.compactMap { name($0) }
            return names.isEmpty ? nil : names.joined(separator: ", ")
        default: return nil
        }
    }
}
