/// The body of `POST /v1/walls`.
public struct WallCreateRequest: Codable, Sendable, Equatable {
    /// Display name.
    public var name: String
    /// Short name for URLs; made from the name when absent.
    public var slug: String?

    /// Makes a request.
    public init(name: String, slug: String? = nil) {
        self.name = name
        self.slug = slug
    }

    /// Checks and normalises the request.
    public func validated() throws(ValidationError) -> ValidWallChange {
        guard let name = try TextRules.clean(name, field: "name", limit: Limits.maxWallNameLength, multiline: false)
        else { throw .missing("name") }
        let explicitSlug = try slug.flatMap { raw throws(ValidationError) in try Slug.validate(raw) }
        return ValidWallChange(name: name, slug: explicitSlug, position: nil)
    }
}

/// The body of `PATCH /v1/walls/{id}`: only the fields present change.
public struct WallPatchRequest: Codable, Sendable, Equatable {
    /// New display name.
    public var name: String?
    /// New slug.
    public var slug: String?
    /// New position in the wall switcher.
    public var position: Int?

    /// Makes a request.
    public init(name: String? = nil, slug: String? = nil, position: Int? = nil) {
        self.name = name
        self.slug = slug
        self.position = position
    }

    /// Checks and normalises the request.
    public func validated() throws(ValidationError) -> ValidWallChange {
        var cleanName: String?
        if let name {
            cleanName = try TextRules.clean(name, field: "name", limit: Limits.maxWallNameLength, multiline: false)
            if cleanName == nil { throw .missing("name", "name cannot be empty.") }
        }
        if let position, !(0...Limits.maxWallsPerUser).contains(position) {
            throw .invalid("position", "position must be between 0 and \(Limits.maxWallsPerUser).")
        }
        let cleanSlug = try slug.flatMap { raw throws(ValidationError) in try Slug.validate(raw) }
        return ValidWallChange(name: cleanName, slug: cleanSlug, position: position)
    }
}

/// A wall creation or change that passed validation; `nil` fields stay as they are.
public struct ValidWallChange: Sendable, Equatable {
    /// Display name.
    public var name: String?
    /// Slug (for a new wall: `nil` means derive one from the name).
    public var slug: String?
    /// Position in the wall switcher.
    public var position: Int?
}
