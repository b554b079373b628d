import Hummingbird
import WallCore
import WallStore

/// `GET /v1/items/lookup?url=`: whether a page is on the caller's wall, by its canonical link
/// (the browser extension's "already saved" mark). Only the caller's own items are found.
struct LookupController {
    let store: any WallStore

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).get(use: lookup)
    }

    func lookup(_ request: Request, context: WallRequestContext) async throws -> WrittenJSON<LookupResult> {
        let identity = try context.requireIdentity()
        guard let raw = request.uri.queryParameters["url"].map(String.init), !raw.isEmpty else {
            throw APIError.validation(.missing("url", "Name the page to look up as ?url=."))
        }
        let link: URLCanonicalizer.Result
        do { link = try URLCanonicalizer.canonicalize(raw) } catch { throw APIError.validation(error) }
        let items = try await store.items(canonicalURL: link.canonical, userID: identity.userID)
        return WrittenJSON(LookupResult(canonicalUrl: link.canonical, items: items))
    }
}

/// The body of `GET /v1/items/lookup`: the canonical link looked up and the items holding it.
struct LookupResult: JSONWritable {
    var canonicalUrl: String
    var items: [Item]

    func write(to output: inout JSONOutput) {
        output.object { json in
            json.key("canonicalUrl"); json.string(canonicalUrl)
            json.key("saved"); json.bool(!items.isEmpty)
            json.key("items"); json.array(items) { json, item in item.write(to: &json) }
        }
    }
}
