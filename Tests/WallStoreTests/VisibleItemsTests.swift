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

    @Test("A read by id hands a person their own item, or one on a wall they are a member of, and nothing else")
    func oneItemByID() {
        let mine = stored(on: ownWall, ownerID: person, readerIsMember: false)
        let onSharedWall = stored(on: alicesTrip, ownerID: alice, readerIsMember: true)
        let alicesOther = stored(on: alicesBooks, ownerID: alice, readerIsMember: false)
        let strangers = stored(on: strangersWall, ownerID: UUID(), readerIsMember: false)

        #expect(VisibleItems.item(mine, seenBy: person) == mine.item)
        #expect(VisibleItems.item(onSharedWall, seenBy: person) == onSharedWall.item)
        #expect(VisibleItems.item(alicesOther, seenBy: person) == nil, "the owner's walls not shared with the person")
        #expect(VisibleItems.item(strangers, seenBy: person) == nil)
        #expect(VisibleItems.item(mine, seenBy: alice) == nil, "the same row read by someone else")
    }

    @Test("A read by id agrees with the listing's choice for every owner and membership")
    func oneItemAgreesWithListing() {
        for owner in [person, alice] {
            for member in [false, true] {
                let row = stored(on: alicesTrip, ownerID: owner, readerIsMember: member)
                let listing = VisibleItems.acrossWalls(
                    of: person, shared: member ? [MemberWall(wallID: alicesTrip, ownerID: owner)] : []
                )
                let listed = listing.contains(ownerID: owner, wallID: alicesTrip)
                #expect((VisibleItems.item(row, seenBy: person) != nil) == listed, "owner \(owner == person), member \(member)")
            }
        }
    }

    @Test("A lookup by link probes the person's own walls and the shared ones; an asked wall alone")
    func probedWalls() {
        let shared = [MemberWall(wallID: alicesTrip, ownerID: alice), MemberWall(wallID: bobsClass, ownerID: bob)]
        let otherOwn = UUID()

        #expect(VisibleItems.acrossWalls(of: person, shared: shared).walls(owned: [ownWall, otherOwn])
            == [ownWall, otherOwn, alicesTrip, bobsClass])
        #expect(VisibleItems.acrossWalls(of: person, shared: []).walls(owned: []) == [], "a person with no walls")
        let asked = VisibleItems.onWall(WallAccess(wallID: alicesTrip, ownerID: alice, actorID: person, role: .viewer))
        #expect(asked.walls(owned: [ownWall]) == [alicesTrip], "the person's own walls are not asked for")
    }

    private func stored(on wallID: UUID, ownerID: UUID, readerIsMember: Bool) -> StoredItem {
        let now = Date(timeIntervalSince1970: 1_767_000_000)
        let item = Item(
            id: UUID(), kind: .url, url: "https://example.com/", wallId: wallID, source: .web,
            createdAt: now, updatedAt: now
        )
        return StoredItem(item: item, ownerID: ownerID, readerIsMember: readerIsMember)
    }
}
