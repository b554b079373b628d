import Foundation
import WallCore

extension WallAPIClient {
    /// The caller's saved searches (smart walls), by name (`GET /v1/searches`); what one matches
    /// is `items(ItemFilter(savedSearch:))`.
    public func savedSearches() async throws(ShareError) -> [SavedSearch] {
        let url = server.appendingPathComponent("v1/searches")
        return try await decode(SavedSearchList.self, from: send(HTTPRequestMessage(method: "GET", url: url))).searches
    }
}
