/// When the share extension appears in the share sheet: the one configuration from which the
/// `NSExtensionActivationRule` (dictionary and predicate forms) is generated and against which
/// shares are evaluated in tests.
///
/// An extension item activates when at least one attachment is of a supported kind and no kind
/// exceeds its maximum count; attachments of other types are ignored (and extraction skips them).
public struct ActivationRule: Sendable, Equatable {
    /// Most web links (not file URLs) in one share; 0 turns links off.
    public var maxWebURLs: Int
    /// Most Safari page payloads in one share; 0 turns them off.
    public var maxWebPages: Int
    /// Whether plain text is taken (any amount).
    public var acceptsText: Bool
    /// Most pictures in one share; 0 turns pictures off.
    public var maxImages: Int
    /// Most files of `fileTypes` in one share; 0 turns files off.
    public var maxFiles: Int
    /// The file types taken (each with everything that conforms to it).
    public var fileTypes: [TypeIdentifier]

    /// Makes a rule.
    public init(maxWebURLs: Int, maxWebPages: Int, acceptsText: Bool, maxImages: Int, maxFiles: Int, fileTypes: [TypeIdentifier]) {
        self.maxWebURLs = maxWebURLs
        self.maxWebPages = maxWebPages
        self.acceptsText = acceptsText
        self.maxImages = maxImages
        self.maxFiles = maxFiles
        self.fileTypes = fileTypes
    }

    /// Digital Wall's share extension: one link or page, text, up to 10 pictures, up to 10 PDFs or films.
    public static let standard = ActivationRule(
        maxWebURLs: 1, maxWebPages: 1, acceptsText: true, maxImages: 10, maxFiles: 10, fileTypes: [.pdf, .movie]
    )

    /// One kind of attachment the rule takes: which attachments count, and how many may come.
    public struct Clause: Sendable, Equatable {
        /// The `NSExtensionActivationSupports…` key of the dictionary form.
        public var key: String
        /// Which attachments are of this kind.
        public var condition: ActivationCondition
        /// Most attachments of this kind; `nil` for any number.
        public var maxCount: Int?
    }

    /// The enabled kinds, in the order the dictionary lists them.
    public var clauses: [Clause] {
        var clauses: [Clause] = []
        if maxWebURLs > 0 {
            clauses.append(Clause(
                key: "NSExtensionActivationSupportsWebURLWithMaxCount",
                condition: .all([.conformsTo(.url), .not(.conformsTo(.fileURL))]), maxCount: maxWebURLs
            ))
        }
        if maxWebPages > 0 {
            clauses.append(Clause(key: "NSExtensionActivationSupportsWebPageWithMaxCount", condition: .conformsTo(.propertyList), maxCount: maxWebPages))
        }
        if acceptsText {
            clauses.append(Clause(key: "NSExtensionActivationSupportsText", condition: .conformsTo(.plainText), maxCount: nil))
        }
        if maxImages > 0 {
            clauses.append(Clause(key: "NSExtensionActivationSupportsImageWithMaxCount", condition: .conformsTo(.image), maxCount: maxImages))
        }
        if maxFiles > 0, !fileTypes.isEmpty {
            clauses.append(Clause(key: "NSExtensionActivationSupportsFileWithMaxCount", condition: .any(fileTypes.map { .conformsTo($0) }), maxCount: maxFiles))
        }
        return clauses
    }
}
