import Foundation

/// A saved search: a smart wall that fills itself with whatever matches its query
/// (`GET /v1/items?search=ID`), newest first.
public struct SavedSearch: Codable, Sendable, Equatable, Identifiable {
    /// Its id.
    public var id: UUID
    /// Display name.
    public var name: String
    /// The search, in the language of `q` (`SearchExpression`).
    public var query: String
    /// Short name for URLs, unique among the person's saved searches.
    public var slug: String
    /// When it was made.
    public var createdAt: Date
    /// When its name or query last changed.
    public var updatedAt: Date

    /// Makes a saved search.
    public init(id: UUID, name: String, query: String, slug: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.name = name
        self.query = query
        self.slug = slug
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension SavedSearch {
    /// The query as the language reads it; `nil` when it no longer reads (it was checked when
    /// saved, so only a change of the language can do that).
    public var expression: SearchExpression? {
        try? SearchExpression(parsing: query)
    }
}

/// The body of `GET /v1/searches`: the person's saved searches, by name.
public struct SavedSearchList: Codable, Sendable, Equatable {
    /// The saved searches.
    public var searches: [SavedSearch]

    /// Makes a list.
    public init(searches: [SavedSearch]) {
        self.searches = searches
    }
}

/// The body of `POST /v1/searches` (both fields) and `PATCH /v1/searches/{id}` (either).
public struct SavedSearchRequest: Codable, Sendable, Equatable {
    /// Display name.
    public var name: String?
    /// The search, in the language of `q`.
    public var query: String?

    /// Makes a request.
    public init(name: String? = nil, query: String? = nil) {
        self.name = name
        self.query = query
    }

    /// The request checked for a new saved search: a name and a query the language reads,
    /// asking for something.
    public func validatedForCreating() throws(ValidationError) -> ValidSavedSearchChange {
        let change = try validatedForChanging()
        guard change.name != nil else { throw .missing("name") }
        guard change.query != nil else { throw .missing("query") }
        return change
    }

    /// The request checked as a change: only the fields present, each valid.
    public func validatedForChanging() throws(ValidationError) -> ValidSavedSearchChange {
        var change = ValidSavedSearchChange()
        if let name {
            change.name = try TextRules.clean(name, field: "name", limit: Limits.maxWallNameLength, multiline: false)
            if change.name == nil { throw .missing("name", "name cannot be empty.") }
        }
        if let query {
            guard let cleaned = try TextRules.clean(query, field: "query", limit: Limits.maxSearchQueryLength, multiline: false)
            else { throw .missing("query", "query cannot be empty.") }
            let expression: SearchExpression
            do {
                expression = try SearchExpression(parsing: cleaned)
            } catch let refusal as ValidationError {
                throw .invalid("query", refusal.message)
            } catch {
                throw .invalid("query", "query can't be read: \(error)")
            }
            guard !expression.clauses.isEmpty else { throw .invalid("query", "query asks for nothing: give a word or an operator.") }
            change.query = cleaned
        }
        return change
    }
}

/// A saved search's name and query, checked (`nil`: unchanged).
public struct ValidSavedSearchChange: Sendable, Equatable {
    /// Display name.
    public var name: String?
    /// The query, as the person wrote it (trimmed), which the language reads.
    public var query: String?

    /// Makes a change.
    public init(name: String? = nil, query: String? = nil) {
        self.name = name
        self.query = query
    }
}
