import Foundation

/// The link a secret opens, as a store finds it: the wall and whose it is. Stays inside the
/// store, which reads the wall's items as its owner and hands out only that wall's.
struct WallLinkTarget: Sendable, Equatable {
    /// The link's id.
    var linkID: UUID
    /// The wall it opens.
    var wallID: UUID
    /// The wall's owner.
    var ownerID: UUID
    /// Whether search engines may index the page.
    var indexable: Bool
}
