import Testing
import WallCore

@Suite struct WallRequestsTests {
    // MARK: WallCreateRequest

    @Test func createKeepsTheTrimmedNameAndNoSlug() throws {
        let change = try WallCreateRequest(name: "  Reading List \n").validated()
        #expect(change.name == "Reading List")
        #expect(change.slug == nil)
        #expect(change.position == nil)
    }

    @Test func createKeepsAValidSlug() throws {
        let change = try WallCreateRequest(name: "Reading", slug: " reading-2026 ").validated()
        #expect(change.slug == "reading-2026")
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func createWithoutANameIsRefused(name: String) {
        let error = #expect(throws: ValidationError.self) { try WallCreateRequest(name: name).validated() }
        #expect(error?.code == .missingField)
        #expect(error?.field == "name")
    }

    @Test func createNameAtItsLimitIsAccepted() throws {
        let name = String(repeating: "n", count: Limits.maxWallNameLength)
        #expect(try WallCreateRequest(name: name).validated().name == name)
    }

    @Test(arguments: [String(repeating: "n", count: Limits.maxWallNameLength + 1), "two\nlines", "nul\u{0}"])
    func createWithABadNameIsRefused(name: String) {
        let error = #expect(throws: ValidationError.self) { try WallCreateRequest(name: name).validated() }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "name")
    }

    @Test(arguments: ["", "Bad Slug", "a--b", "123e4567-e89b-12d3-a456-426614174000"])
    func createWithABadSlugIsRefused(slug: String) {
        let error = #expect(throws: ValidationError.self) {
            try WallCreateRequest(name: "Fine", slug: slug).validated()
        }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "slug")
    }

    // MARK: WallPatchRequest

    @Test func emptyPatchChangesNothing() throws {
        let change = try WallPatchRequest().validated()
        #expect(change.name == nil)
        #expect(change.slug == nil)
        #expect(change.position == nil)
    }

    @Test func patchKeepsEveryValidField() throws {
        let change = try WallPatchRequest(name: " Later ", slug: "later", position: 3).validated()
        #expect(change.name == "Later")
        #expect(change.slug == "later")
        #expect(change.position == 3)
    }

    @Test(arguments: ["", "  "])
    func patchWithABlankNameIsRefused(name: String) {
        let error = #expect(throws: ValidationError.self) { try WallPatchRequest(name: name).validated() }
        #expect(error?.code == .missingField)
        #expect(error?.field == "name")
    }

    @Test func patchWithAnOverLongNameIsRefused() {
        let name = String(repeating: "n", count: Limits.maxWallNameLength + 1)
        let error = #expect(throws: ValidationError.self) { try WallPatchRequest(name: name).validated() }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "name")
    }

    @Test func patchWithABadSlugIsRefused() {
        let error = #expect(throws: ValidationError.self) { try WallPatchRequest(slug: "Not OK").validated() }
        #expect(error?.field == "slug")
    }

    @Test(arguments: [0, 1, Limits.maxWallsPerUser / 2, Limits.maxWallsPerUser])
    func positionInRangeIsAccepted(position: Int) throws {
        #expect(try WallPatchRequest(position: position).validated().position == position)
    }

    @Test(arguments: [-1, -100, Limits.maxWallsPerUser + 1, Int.max, Int.min])
    func positionOutOfRangeIsRefused(position: Int) {
        let error = #expect(throws: ValidationError.self) { try WallPatchRequest(position: position).validated() }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "position")
        #expect(error?.message.contains("\(Limits.maxWallsPerUser)") == true)
    }
}
