import Foundation
import Testing
import WallCore

@Suite struct ShareValidationTests {
    // MARK: Helpers

    private static let link = "https://example.com/article"

    private func long(_ count: Int) -> String { String(repeating: "x", count: count) }

    /// Validates `request` and returns the error it throws (recording an issue when it does not throw).
    private func refusal(
        _ request: ShareRequest, attachments: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) -> ValidationError? {
        #expect(throws: ValidationError.self, sourceLocation: sourceLocation) {
            try request.validated(attachmentCount: attachments)
        }
    }

    // MARK: Required content per kind

    @Test(arguments: [nil, "", "   \n"] as [String?])
    func urlShareWithoutURLIsRefused(url: String?) {
        let error = refusal(ShareRequest(contentType: .url, url: url, text: "some text"))
        #expect(error?.code == .missingField)
        #expect(error?.field == "url")
    }

    @Test(arguments: [nil, "", " \t\n "] as [String?])
    func textShareWithoutTextIsRefused(text: String?) {
        let error = refusal(ShareRequest(contentType: .text, url: Self.link, text: text))
        #expect(error?.code == .missingField)
        #expect(error?.field == "text")
    }

    @Test(arguments: [ItemKind.image, .file])
    func attachmentShareWithoutAttachmentsIsRefused(kind: ItemKind) {
        let error = refusal(ShareRequest(contentType: kind, url: Self.link, title: "Photo"), attachments: 0)
        #expect(error?.code == .missingField)
        #expect(error?.field == "file")
        #expect(error?.message.contains(kind.rawValue) == true)
    }

    @Test(arguments: [ItemKind.image, .file])
    func attachmentShareWithAnAttachmentIsAccepted(kind: ItemKind) throws {
        let share = try ShareRequest(contentType: kind, title: "Scan").validated(attachmentCount: 1)
        #expect(share.kind == kind)
        #expect(share.title == "Scan")
        #expect(share.url == nil)
    }

    @Test func minimalURLShareIsAccepted() throws {
        let id = UUID()
        let share = try ShareRequest(id: id, contentType: .url, url: Self.link).validated()
        #expect(share.shareID == id)
        #expect(share.kind == .url)
        #expect(share.url == Self.link)
        #expect(share.canonicalURL == Self.link)
        #expect(share.text == nil)
        #expect(share.title == nil)
        #expect(share.note == nil)
        #expect(share.wall == nil)
        #expect(share.tags == [])
        #expect(share.sharedAt == nil)
    }

    @Test func badURLIsRefusedOnATextShareToo() {
        let error = refusal(ShareRequest(contentType: .text, url: "javascript:alert(1)", text: "quote"))
        #expect(error?.code == .invalidField)
        #expect(error?.field == "url")
    }

    // MARK: Lengths

    @Test(arguments: [
        ("title", Limits.maxTitleLength),
        ("userNote", Limits.maxNoteLength),
        ("text", Limits.maxTextLength),
        ("wall", Limits.maxWallNameLength),
    ])
    func fieldAtItsLimitIsAccepted(field: String, limit: Int) throws {
        let share = try request(setting: field, to: long(limit)).validated()
        let stored: String? = switch field {
        case "title": share.title
        case "userNote": share.note
        case "text": share.text
        default: share.wall
        }
        #expect(stored?.count == limit)
    }

    @Test(arguments: [
        ("title", Limits.maxTitleLength),
        ("userNote", Limits.maxNoteLength),
        ("text", Limits.maxTextLength),
        ("wall", Limits.maxWallNameLength),
    ])
    func overLongFieldIsRefusedByName(field: String, limit: Int) {
        let error = refusal(request(setting: field, to: long(limit + 1)))
        #expect(error?.code == .invalidField)
        #expect(error?.field == field)
        #expect(error?.message.contains("\(limit)") == true)
    }

    @Test func lengthIsCountedAfterTrimming() throws {
        let padded = "   " + long(Limits.maxTitleLength) + "   "
        let share = try ShareRequest(contentType: .url, url: Self.link, title: padded).validated()
        #expect(share.title?.count == Limits.maxTitleLength)
    }

    @Test(arguments: [0, 2, 5])
    func overLongTagIsRefusedWithItsIndex(index: Int) {
        var tags = (0...5).map { "tag\($0)" }
        tags[index] = long(Limits.maxTagLength + 1)
        let error = refusal(ShareRequest(contentType: .url, url: Self.link, tags: tags))
        #expect(error?.code == .invalidField)
        #expect(error?.field == "tags[\(index)]")
    }

    @Test func tagAtItsLimitIsAccepted() throws {
        let tag = long(Limits.maxTagLength)
        let share = try ShareRequest(contentType: .url, url: Self.link, tags: [tag]).validated()
        #expect(share.tags == [tag])
    }

    /// One character: `base` carrying `marks` combining marks (U+0300 to U+036F, 2 bytes each).
    private func stacked(_ base: Character = "a", marks: Int) -> String {
        String(base) + String(String.UnicodeScalarView((0..<marks).map { Unicode.Scalar(0x300 + UInt32($0 % 0x70))! }))
    }

    @Test func aTagOfOneCharacterCarryingThousandsOfBytesIsRefusedWithItsIndex() {
        let tag = stacked(marks: 1_400)
        #expect(tag.count == 1 && tag.utf8.count == 2_801)
        let error = refusal(ShareRequest(contentType: .url, url: Self.link, tags: ["fine", tag]))
        #expect(error?.code == .invalidField)
        #expect(error?.field == "tags[1]")
        #expect(error?.message.contains("\(Limits.maxTagLength * Limits.maxBytesPerCharacter) bytes") == true)
    }

    @Test func aTagOfFourByteCharactersAtItsLimitIsAccepted() throws {
        let tag = String(repeating: "🦘", count: Limits.maxTagLength)
        #expect(tag.utf8.count == Limits.maxTagLength * Limits.maxBytesPerCharacter)
        let share = try ShareRequest(contentType: .url, url: Self.link, tags: [tag]).validated()
        #expect(share.tags == [tag])
        #expect(refusal(ShareRequest(contentType: .url, url: Self.link, tags: [stacked(marks: 128)]))?.field == "tags[0]")
    }

    @Test(arguments: [("title", Limits.maxTitleLength), ("userNote", Limits.maxNoteLength)])
    func aFieldOfFewCharactersButManyBytesIsRefusedByName(field: String, limit: Int) {
        let error = refusal(request(setting: field, to: stacked(marks: limit * 2)))
        #expect(error?.code == .invalidField)
        #expect(error?.field == field)
    }

    @Test func tooManyTagsAreRefused() {
        let tags = (0...Limits.maxTags).map { "tag\($0)" }
        let error = refusal(ShareRequest(contentType: .url, url: Self.link, tags: tags))
        #expect(error?.code == .invalidField)
        #expect(error?.field == "tags")
    }

    @Test func tagLimitCountsTagsAfterDuplicatesAndEmptiesAreDropped() throws {
        let distinct = (1...Limits.maxTags).map { "tag\($0)" }
        let tags = distinct + distinct.map { $0.uppercased() } + ["", "  "]
        let share = try ShareRequest(contentType: .url, url: Self.link, tags: tags).validated()
        #expect(share.tags == distinct)
    }

    // MARK: Control characters

    @Test(arguments: ["title", "wall"], ["\u{7}", "\u{1B}", "\u{7F}", "\n", "\r", "\t", "\u{0}"])
    func singleLineFieldRefusesControlCharacters(field: String, control: String) {
        let error = refusal(request(setting: field, to: "before\(control)after"))
        #expect(error?.code == .invalidField)
        #expect(error?.field == field)
        #expect(error?.message.contains("control character") == true)
    }

    @Test(arguments: ["\u{7}", "\u{1B}", "\u{7F}", "\n", "\t", "\u{0}"])
    func tagRefusesControlCharacters(control: String) {
        let error = refusal(ShareRequest(contentType: .url, url: Self.link, tags: ["ok", "a\(control)b"]))
        #expect(error?.code == .invalidField)
        #expect(error?.field == "tags[1]")
    }

    @Test(arguments: ["text", "userNote"], ["line one\nline two", "windows\r\nline", "col\tumn", "para\n\n\tgraph"])
    func multilineFieldAllowsLineBreaksAndTabs(field: String, value: String) throws {
        let share = try request(setting: field, to: value).validated()
        #expect((field == "text" ? share.text : share.note) == value)
    }

    @Test(arguments: ["text", "userNote"], ["\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{8}"])
    func multilineFieldRefusesOtherControlCharacters(field: String, control: String) {
        let error = refusal(request(setting: field, to: "line\(control)\nline"))
        #expect(error?.code == .invalidField)
        #expect(error?.field == field)
    }

    @Test func errorMessageNamesTheControlCharacter() {
        let error = refusal(ShareRequest(contentType: .url, url: Self.link, title: "bell\u{7}"))
        #expect(error?.message.contains("U+7") == true)
    }

    @Test func nulInTheLinkNeverReachesTheStore() throws {
        let share = try ShareRequest(contentType: .url, url: "https://example.com/a\u{0}b").validated()
        #expect(share.url?.contains("\u{0}") == false)
        #expect(share.canonicalURL?.contains("\u{0}") == false)
    }

    // MARK: Trimming

    @Test func fieldsAreTrimmed() throws {
        let share = try ShareRequest(
            contentType: .text, url: "  \(Self.link)\n", text: "\n  the passage \n\n",
            title: "  Title\t", userNote: "\n note \n", wall: "  reading  "
        ).validated()
        #expect(share.url == Self.link)
        #expect(share.text == "the passage")
        #expect(share.title == "Title")
        #expect(share.note == "note")
        #expect(share.wall == "reading")
    }

    @Test func innerLineBreaksSurviveTrimming() throws {
        let share = try ShareRequest(contentType: .text, text: "  first\n\nsecond  ").validated()
        #expect(share.text == "first\n\nsecond")
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func blankOptionalFieldsBecomeAbsent(blank: String) throws {
        let share = try ShareRequest(
            contentType: .url, url: Self.link, title: blank, userNote: blank, wall: blank, tags: [blank]
        ).validated()
        #expect(share.title == nil)
        #expect(share.note == nil)
        #expect(share.wall == nil)
        #expect(share.tags == [])
    }

    // MARK: Tags

    @Test func tagsAreNormalised() throws {
        let share = try ShareRequest(
            contentType: .url, url: Self.link,
            tags: ["  Swift ", "swift", "SWIFT", "", "   ", "Machine   Learning", "machine learning", "iOS", "ios "]
        ).validated()
        #expect(share.tags == ["swift", "machine learning", "ios"])
    }

    @Test func tagsCollapseNonBreakingAndWideSpaces() throws {
        let share = try ShareRequest(
            contentType: .url, url: Self.link, tags: ["new\u{A0}york", "new \u{3000} York"]
        ).validated()
        #expect(share.tags == ["new york"])
    }

    @Test func tagsKeepTheOrderGiven() throws {
        let share = try ShareRequest(contentType: .url, url: Self.link, tags: ["zeta", "alpha", "Mu"]).validated()
        #expect(share.tags == ["zeta", "alpha", "mu"])
    }

    @Test func absentTagsBecomeEmpty() throws {
        #expect(try ShareRequest(contentType: .url, url: Self.link, tags: nil).validated().tags == [])
    }

    // MARK: Source, canonical URL, timestamp

    @Test func sourceDefaultsToAPI() throws {
        #expect(try ShareRequest(contentType: .url, url: Self.link).validated().source == .api)
    }

    @Test(arguments: ShareSource.allCases)
    func givenSourceIsKept(source: ShareSource) throws {
        #expect(try ShareRequest(contentType: .url, url: Self.link, source: source).validated().source == source)
    }

    @Test func canonicalURLIsSetForURLShares() throws {
        let share = try ShareRequest(
            contentType: .url, url: "HTTPS://Example.com/article/?utm_source=rss#top"
        ).validated()
        #expect(share.url == "HTTPS://Example.com/article/?utm_source=rss#top")
        #expect(share.canonicalURL == "https://example.com/article")
    }

    @Test(arguments: [ItemKind.text, .image, .file])
    func canonicalURLIsOnlySetForURLShares(kind: ItemKind) throws {
        let share = try ShareRequest(contentType: kind, url: Self.link, text: "quote").validated(attachmentCount: 1)
        #expect(share.url == Self.link)
        #expect(share.canonicalURL == nil)
    }

    @Test func sharedAtIsRoundedToTheMillisecond() throws {
        let share = try ShareRequest(
            contentType: .url, url: Self.link, timestamp: Date(timeIntervalSince1970: 1_700_000_000.123_456)
        ).validated()
        #expect(share.sharedAt == Date(timeIntervalSince1970: 1_700_000_000.123))
    }

    @Test func sharedAtRoundsUpPastHalfAMillisecond() throws {
        let share = try ShareRequest(
            contentType: .url, url: Self.link, timestamp: Date(timeIntervalSince1970: 1_700_000_000.123_9)
        ).validated()
        #expect(share.sharedAt == Date(timeIntervalSince1970: 1_700_000_000.124))
    }

    // MARK: Building requests

    /// A valid text share with one field replaced by `value`.
    private func request(setting field: String, to value: String) -> ShareRequest {
        var request = ShareRequest(contentType: .text, url: Self.link, text: "passage")
        switch field {
        case "title": request.title = value
        case "userNote": request.userNote = value
        case "text": request.text = value
        case "wall": request.wall = value
        default: Issue.record("unknown field \(field)")
        }
        return request
    }
}
