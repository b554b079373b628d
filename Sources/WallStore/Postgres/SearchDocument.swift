import WallCore

/// What PostgreSQL indexes for an item: its words (title, note, text, URL, tags), split and
/// lower-cased in Swift exactly as `SearchQuery` splits a query, so both sides agree on what a
/// word is whatever the database's locale.
///
/// A tsvector holds at most 1 MB, and an item's `search` is its own document joined with the
/// words found for it (`preview_search`: a link's page, a file's text), so each stops growing
/// within its share of that (the rest of a very long text is not searchable; see docs/self-hosting.md, "Search on PostgreSQL");
/// a word PostgreSQL would not index (over 2,047 bytes) is left out.
struct SearchDocument: Sendable, Equatable {
    /// The words, separated by single spaces.
    let text: String

    /// Bytes of an item's own document (as `indexedBytes` counts them) plus 10 per word stays
    /// under this: a tsvector spends at most the word's bytes and 9 more on each word (entry,
    /// position count, alignment, position). With `foundBudget`, under a tsvector's 1,048,575
    /// bytes.
    static let budget = 600_000
    /// The same for the words found for an item (`found`).
    static let foundBudget = 400_000
    /// PostgreSQL's longest indexed word, in bytes.
    static let maxWordBytes = 2_047

    /// The words found for an item, apart from its own (`preview_search`), within `foundBudget`.
    static func found(title: String? = nil, note: String? = nil, text: String?, url: String? = nil) -> SearchDocument {
        SearchDocument(title: title, note: note, text: text, url: url, tags: [], budget: foundBudget)
    }

    init(title: String?, note: String?, text: String?, url: String?, tags: [String], budget: Int = Self.budget) {
        var words: [Substring] = []
        var spent = 0
        var full = false
        for field in [title, note, text, url] + tags.map(Optional.some) {
            guard let field, !full else { continue }
            for word in Self.words(in: field.lowercased()) {
                let bytes = Self.indexedBytes(of: word)
                if bytes > Self.maxWordBytes { continue }
                spent += bytes + 10
                if spent > budget {
                    full = true
                    break
                }
                words.append(word)
            }
        }
        self.text = words.joined(separator: " ")
    }

    /// The most bytes `word` can take as PostgreSQL's lexeme: `unaccent` may replace a character
    /// with up to five bytes (`⅒` becomes " 1/10", `ⅷ` "viii"), so each non-ASCII scalar counts
    /// as at least five. Without this a word measured under `maxWordBytes` could grow past it,
    /// which PostgreSQL 15 stores as a damaged lexeme (a dump of it can't be restored), and a
    /// document could grow past its budget.
    static func indexedBytes(of word: Substring) -> Int {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.utf8.count }
        var bytes = 0
        for scalar in word.unicodeScalars {
            bytes += scalar.isASCII ? 1 : max(scalar.utf8.count, maxUnaccentedScalarBytes)
        }
        return bytes
    }

    /// The longest replacement in PostgreSQL 15's `unaccent.rules`, in bytes.
    static let maxUnaccentedScalarBytes = 5

    /// The words of lower-cased `text`: runs of letters and digits. ASCII text (most links and
    /// titles) is split byte by byte, which finds the same words as `characterWords` (tested)
    /// without asking each character's Unicode properties.
    static func words(in text: String) -> [Substring] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return characterWords(in: text) }
        return text.utf8.split(whereSeparator: { byte in
            !((byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
              || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")))
        }).map { Substring($0) }
    }

    /// The words of `text`, character by character: what `SearchQuery` calls a word.
    static func characterWords(in text: String) -> [Substring] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// The document of the item a share would make.
    init(share: ValidShare) {
        self.init(title: share.title, note: share.note, text: share.text, url: share.url, tags: share.tags)
    }

    /// The document of an item as it is.
    init(item: Item) {
        self.init(title: item.title, note: item.userNote, text: item.text, url: item.url, tags: item.tags)
    }
}

extension SearchQuery {
    /// The query as `to_tsquery` input: every term quoted (a term is letters and digits only,
    /// so nothing in it is operator syntax), words as prefixes, phrases as `<->` chains, all
    /// terms required.
    var tsqueryText: String {
        terms.map { term in
            switch term {
            case .word(let word): "'\(word)':*"
            case .phrase(let words): "(" + words.map { "'\($0)'" }.joined(separator: " <-> ") + ")"
            }
        }.joined(separator: " & ")
    }
}
