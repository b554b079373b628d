import Foundation
import Testing
import WallCore

@Suite struct ItemPatchTests {
    // MARK: Helpers

    private func decode(_ json: String) throws -> ItemPatch {
        try WallJSON.decoder().decode(ItemPatch.self, from: Data(json.utf8))
    }

    private func validated(_ json: String) throws -> ValidItemPatch {
        try decode(json).validated()
    }

    /// The string field `key` of `patch`.
    private func field(_ key: String, of patch: ItemPatch) -> FieldUpdate<String>? {
        switch key {
        case "title": patch.title
        case "userNote": patch.userNote
        case "wall": patch.wall
        default: nil
        }
    }

    // MARK: Decoding: absent, null, value

    @Test func emptyBodyChangesNothing() throws {
        let patch = try decode("{}")
        #expect(patch == ItemPatch())
        #expect(patch.title == .unchanged)
        #expect(patch.userNote == .unchanged)
        #expect(patch.tags == .unchanged)
        #expect(patch.wall == .unchanged)
    }

    @Test(arguments: ["title", "userNote", "wall"])
    func absentKeyIsUnchanged(key: String) throws {
        let other = key == "title" ? "userNote" : "title"
        let patch = try decode(#"{"\#(other)": "x"}"#)
        #expect(field(key, of: patch) == .unchanged)
    }

    @Test(arguments: ["title", "userNote", "wall"])
    func nullIsClear(key: String) throws {
        let patch = try decode(#"{"\#(key)": null}"#)
        #expect(field(key, of: patch) == .clear)
    }

    @Test(arguments: ["title", "userNote", "wall"])
    func valueIsSet(key: String) throws {
        let patch = try decode(#"{"\#(key)": "New value"}"#)
        #expect(field(key, of: patch) == .set("New value"))
    }

    @Test func tagsDecodeAbsentNullAndValue() throws {
        #expect(try decode("{}").tags == .unchanged)
        #expect(try decode(#"{"tags": null}"#).tags == .clear)
        #expect(try decode(#"{"tags": []}"#).tags == .set([]))
        #expect(try decode(#"{"tags": ["a", "B"]}"#).tags == .set(["a", "B"]))
    }

    @Test func everyFieldAtOnce() throws {
        let patch = try decode(#"{"title": "T", "userNote": null, "tags": ["x"], "wall": "inbox"}"#)
        #expect(patch == ItemPatch(title: .set("T"), userNote: .clear, tags: .set(["x"]), wall: .set("inbox")))
    }

    @Test(arguments: [
        #"{"title": 5}"#,
        #"{"userNote": true}"#,
        #"{"tags": "swift"}"#,
        #"{"tags": [1, 2]}"#,
        #"{"wall": {"id": "x"}}"#,
        #"[]"#,
    ])
    func wrongTypesAreDecodingErrors(json: String) {
        #expect(throws: DecodingError.self) { try decode(json) }
    }

    // MARK: Validation

    @Test func nullWallIsRefused() throws {
        let patch = try decode(#"{"wall": null}"#)
        let error = #expect(throws: ValidationError.self) { try patch.validated() }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "wall")
    }

    @Test(arguments: [#""""#, #""   ""#, #""\n\t""#])
    func blankTitleClears(blank: String) throws {
        #expect(try validated(#"{"title": \#(blank)}"#).title == .clear)
    }

    @Test func blankNoteClears() throws {
        #expect(try validated(#"{"userNote": "  "}"#).userNote == .clear)
    }

    @Test func nullTitleAndNoteClear() throws {
        let patch = try validated(#"{"title": null, "userNote": null}"#)
        #expect(patch.title == .clear)
        #expect(patch.userNote == .clear)
    }

    @Test func nullTagsSetNoTags() throws {
        #expect(try validated(#"{"tags": null}"#).tags == .set([]))
    }

    @Test func absentFieldsStayUnchangedAfterValidation() throws {
        let patch = try validated("{}")
        #expect(patch.title == .unchanged)
        #expect(patch.userNote == .unchanged)
        #expect(patch.tags == .unchanged)
        #expect(patch.wall == .unchanged)
    }

    @Test func valuesAreTrimmedAndTagsNormalised() throws {
        let patch = try validated(
            #"{"title": "  New title ", "userNote": "\n line\nline \n", "tags": [" Swift", "swift", "", "Big  Ideas"], "wall": " inbox "}"#
        )
        #expect(patch.title == .set("New title"))
        #expect(patch.userNote == .set("line\nline"))
        #expect(patch.tags == .set(["swift", "big ideas"]))
        #expect(patch.wall == .set("inbox"))
    }

    @Test(arguments: [
        ("title", Limits.maxTitleLength),
        ("userNote", Limits.maxNoteLength),
        ("wall", Limits.maxWallNameLength),
    ])
    func overLongFieldIsRefusedByName(key: String, limit: Int) throws {
        let patch = try decode(#"{"\#(key)": "\#(String(repeating: "y", count: limit + 1))"}"#)
        let error = #expect(throws: ValidationError.self) { try patch.validated() }
        #expect(error?.code == .invalidField)
        #expect(error?.field == key)
    }

    @Test(arguments: [
        ("title", Limits.maxTitleLength),
        ("userNote", Limits.maxNoteLength),
        ("wall", Limits.maxWallNameLength),
    ])
    func fieldAtItsLimitIsAccepted(key: String, limit: Int) throws {
        let value = String(repeating: "y", count: limit)
        let patch = try ItemPatch(
            title: key == "title" ? .set(value) : .unchanged,
            userNote: key == "userNote" ? .set(value) : .unchanged,
            wall: key == "wall" ? .set(value) : .unchanged
        ).validated()
        let result: FieldUpdate<String> = switch key {
        case "title": patch.title
        case "userNote": patch.userNote
        default: patch.wall
        }
        #expect(result == .set(value))
    }

    @Test(arguments: ["title", "wall"])
    func lineBreakIsRefusedInSingleLineFields(key: String) throws {
        let patch = try decode(#"{"\#(key)": "two\nlines"}"#)
        let error = #expect(throws: ValidationError.self) { try patch.validated() }
        #expect(error?.field == key)
    }

    @Test func lineBreakIsAllowedInTheNote() throws {
        #expect(try validated(#"{"userNote": "two\nlines"}"#).userNote == .set("two\nlines"))
    }

    @Test func nulIsRefusedInTheNote() throws {
        let patch = try decode(#"{"userNote": "a\u0000b"}"#)
        let error = #expect(throws: ValidationError.self) { try patch.validated() }
        #expect(error?.field == "userNote")
    }

    @Test func badTagIsRefusedWithItsIndex() throws {
        let patch = try decode(#"{"tags": ["fine", "tab\there"]}"#)
        let error = #expect(throws: ValidationError.self) { try patch.validated() }
        #expect(error?.field == "tags[1]")
    }

    @Test func tooManyTagsAreRefused() throws {
        let tags = (0...Limits.maxTags).map { "t\($0)" }
        let error = #expect(throws: ValidationError.self) { try ItemPatch(tags: .set(tags)).validated() }
        #expect(error?.field == "tags")
    }

    // MARK: FieldUpdate

    @Test func fieldUpdateApplies() {
        #expect(FieldUpdate<String>.unchanged.applied(to: "old") == "old")
        #expect(FieldUpdate<String>.unchanged.applied(to: nil) == nil)
        #expect(FieldUpdate<String>.clear.applied(to: "old") == nil)
        #expect(FieldUpdate<String>.set("new").applied(to: "old") == "new")
        #expect(FieldUpdate<String>.set("new").applied(to: nil) == "new")
    }
}

@Suite struct ItemPatchWallTests {
    @Test(arguments: ["null", "\"\"", "\"   \""])
    func wallThatNamesNothingIsRefused(value: String) throws {
        let patch = try WallJSON.decoder().decode(ItemPatch.self, from: Data("{\"wall\": \(value)}".utf8))
        let error = #expect(throws: ValidationError.self) { try patch.validated() }
        #expect(error?.field == "wall")
    }
}
