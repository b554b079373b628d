/// The body of `PATCH /v1/items/{id}`: only the fields present change; `null` clears one.
public struct ItemPatch: Decodable, Sendable, Equatable {
    /// New title.
    public var title: FieldUpdate<String>
    /// New note.
    public var userNote: FieldUpdate<String>
    /// New tags (replacing the old ones; `null` or `[]` clears them).
    public var tags: FieldUpdate<[String]>
    /// Move to this wall (id or slug).
    public var wall: FieldUpdate<String>

    /// Makes a patch.
    public init(
        title: FieldUpdate<String> = .unchanged, userNote: FieldUpdate<String> = .unchanged,
        tags: FieldUpdate<[String]> = .unchanged, wall: FieldUpdate<String> = .unchanged
    ) {
        self.title = title
        self.userNote = userNote
        self.tags = tags
        self.wall = wall
    }

    private enum CodingKeys: String, CodingKey { case title, userNote, tags, wall }

    /// Reads a patch body.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeUpdate(String.self, forKey: .title)
        userNote = try container.decodeUpdate(String.self, forKey: .userNote)
        tags = try container.decodeUpdate([String].self, forKey: .tags)
        wall = try container.decodeUpdate(String.self, forKey: .wall)
    }

    /// Checks and normalises the patch; throws a validation error naming the field at fault.
    public func validated() throws(ValidationError) -> ValidItemPatch {
        let wall = try wall.cleaned(field: "wall", limit: Limits.maxWallNameLength, multiline: false)
        if case .clear = wall { throw .invalid("wall", "wall cannot be null or empty; every item is on a wall.") }
        return ValidItemPatch(
            title: try title.cleaned(field: "title", limit: Limits.maxTitleLength, multiline: false),
            userNote: try userNote.cleaned(field: "userNote", limit: Limits.maxNoteLength, multiline: true),
            tags: try tags.cleanedTags(),
            wall: wall
        )
    }
}

/// An item patch that passed validation.
public struct ValidItemPatch: Sendable, Equatable {
    /// New title, or `.clear`.
    public var title: FieldUpdate<String>
    /// New note, or `.clear`.
    public var userNote: FieldUpdate<String>
    /// New tags, normalised.
    public var tags: FieldUpdate<[String]>
    /// Wall to move to (never `.clear`).
    public var wall: FieldUpdate<String>
}

extension FieldUpdate where Value == String {
    func cleaned(field: String, limit: Int, multiline: Bool) throws(ValidationError) -> FieldUpdate<String> {
        guard case .set(let raw) = self else { return self }
        guard let value = try TextRules.clean(raw, field: field, limit: limit, multiline: multiline) else {
            return .clear
        }
        return .set(value)
    }
}

extension FieldUpdate where Value == [String] {
    func cleanedTags() throws(ValidationError) -> FieldUpdate<[String]> {
        switch self {
        case .unchanged: .unchanged
        case .clear: .set([])
        case .set(let raw): .set(try TextRules.tags(raw))
        }
    }
}
