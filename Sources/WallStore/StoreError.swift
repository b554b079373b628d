/// Refusals a store makes; each maps to one HTTP status at the API boundary.
public enum StoreError: Error, Sendable, Equatable {
    /// The thing (named, e.g. "wall") is absent or belongs to somebody else.
    case notFound(String)
    /// The request contradicts what is stored (same share id, other content; a link already on the target wall).
    case conflict(String)
    /// The share id was used for an item that has since been deleted.
    case shareDeleted
    /// A user with this name exists.
    case usernameTaken
    /// The user already has a wall with this slug.
    case slugTaken(String)
    /// The wall holds this many items and the request said nothing about them.
    case wallNotEmpty(Int)
    /// The default wall can't be deleted.
    case defaultWallRequired
    /// The user has as many walls as allowed.
    case tooManyWalls
    /// The user has as many saved searches as allowed.
    case tooManySavedSearches
    /// The person can see the thing but their role on its wall doesn't allow this (a viewer
    /// posting, a contributor editing someone else's card, a member managing the wall).
    case forbidden(String)
}
