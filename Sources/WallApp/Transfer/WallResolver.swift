import Foundation
import WallCore
import WallStore

/// Finds the wall an import entry names (by id, slug, or name), making it when it is missing:
/// with the export's name and place when the batch declared it, else named as the entry says.
struct WallResolver {
    let store: any WallStore
    let userID: UUID
    let declared: [String: ValidWallChange]
    private var known: [String: UUID] = [:]

    init(store: any WallStore, userID: UUID, declared: [String: ValidWallChange]) {
        self.store = store
        self.userID = userID
        self.declared = declared
    }

    /// The wall's id; throws `StoreError` when it can't be made (too many walls).
    mutating func id(for ref: String) async throws -> UUID {
        if let id = known[ref] { return id }
        let slug = UUID(text: ref) == nil && (try? Slug.validate(ref)) == nil ? Slug.make(from: ref) : ref.lowercased()
        let wall: Wall
        if let found = try await store.wall(ref: ref, userID: userID) {
            wall = found
        } else if let found = try await store.wall(ref: slug, userID: userID) {
            wall = found
        } else if let change = declared[slug] {
            wall = try await store.createWall(change, userID: userID)
        } else {
            wall = try await store.createWall(try WallCreateRequest(name: ref, slug: slug).validated(), userID: userID)
        }
        known[ref] = wall.id
        return wall.id
    }
}
