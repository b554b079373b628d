import Foundation
import Testing
import WallCore
@testable import WallStore

/// Which items a listing, search or tag filter covers, on plain values: one asked wall, or the
/// person's own items and the walls shared with them, and whose tags the filter reads.
@Suite("Visible items")
struct VisibleItemsTests {
    let person = UUID(), alice = UUID(), bob = UUID()
    let ownWall = UUID(), alicesTrip = UUID(), alicesBooks = UUID(), bobsClass = UUID(), strangersWall = UUID()

    @Test("An asked wall is its items alone, whoever stores them, with its owner's tags")
    func onWall() {
        let access = WallAccess(wallID: alicesTrip, ownerID: alice, actorID: person, role: .viewer)

        let visible = VisibleItems.onWall(access)

        #expect(visible == VisibleItems(ownerID: nil, wallIDs: [alicesTrip], tagOwners: [alice]))
        #expect(visible.onlyWall == alicesTrip)
        #expect(visible.onlyOwner == nil)
        #expect(visible.contains(ownerID: alice, wallID: alicesTrip))
        #expect(!visible.contains(ownerID: alice, wallID: alicesBooks), "the owner's other walls are not asked for")
        #expect(!visible.contains(ownerID: person, wallID: ownWall), "nor the person's own")
    }

    @Test("With no shared walls, a person sees exactly what is stored under them")
    func ownItemsOnly() {
        let visible = VisibleItems.acrossWalls(of: person, shared: [])

        #expect(visible == VisibleItems(ownerID: person, wallIDs: [], tagOwners: [person]))
        #expect(visible.onlyOwner == person)
        #expect(visible.onlyWall == nil)
        #expect(visible.contains(ownerID: person, wallID: ownWall))
        #expect(!visible.contains(ownerID: alice, wallID: alicesTrip))
    }

    @Test("Across walls, a member sees their own items and the shared walls', not the owners' other walls")
    func ownAndShared() {
        let shared = [
            MemberWall(wallID: alicesTrip, ownerID: alice), MemberWall(wallID: bobsClass, ownerID: bob),
            MemberWall(wallID: alicesBooks, ownerID: alice),
        ]

        let visible = VisibleItems.acrossWalls(of: person, shared: shared)

        #expect(visible.ownerID == person)
        #expect(visible.wallIDs == [alicesTrip, bobsClass, alicesBooks])
        #expect(visible.tagOwners == [person, alice, bob], "each owner once, the person first")
        #expect(visible.onlyOwner == nil && visible.onlyWall == nil, "no single index walk covers them")
        #expect(visible.contains(ownerID: person, wallID: ownWall))
        #expect(visible.contains(ownerID: alice, wallID: alicesTrip))
        #expect(visible.contains(ownerID: bob, wallID: bobsClass))
        #expect(!visible.contains(ownerID: alice, wallID: UUID()), "Alice's walls not shared with the person")
        #expect(!visible.contains(ownerID: UUID(), wallID: strangersWall))
    }
}
