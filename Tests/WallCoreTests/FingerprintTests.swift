import Foundation
import Testing
@testable import WallCore

@Suite struct FingerprintTests {
    // MARK: Helpers

    /// One change to a share's content, named for the test log.
    struct Change: Sendable, CustomTestStringConvertible {
        let name: String
        let apply: @Sendable (inout ShareRequest) -> Void
        var testDescription: String { name }
    }

    private static let moment = Date(timeIntervalSince1970: 1_700_000_000.123)

    /// A share with every field set; valid both as a `url` and as a `text` share.
    private static func base(id: UUID = UUID()) -> ShareRequest {
        ShareRequest(
            id: id, contentType: .url, url: "https://example.com/a", text: "a passage",
            title: "A title", userNote: "a note", wall: "reading", tags: ["swift", "ios"],
            timestamp: moment, source: .cli
        )
    }

    private func fingerprint(_ request: ShareRequest) throws -> String {
        try request.validated(attachmentCount: 1).fingerprint
    }

    // MARK: Equal content, equal fingerprint

    @Test func equalRequestsHaveEqualFingerprints() throws {
        let id = UUID()
        #expect(try fingerprint(Self.base(id: id)) == fingerprint(Self.base(id: id)))
    }

    @Test func fingerprintIgnoresTheShareID() throws {
        #expect(try fingerprint(Self.base(id: UUID())) == fingerprint(Self.base(id: UUID())))
    }

    @Test(arguments: [
        Change(name: "padded title") { $0.title = "  A title \n" },
        Change(name: "padded url") { $0.url = " https://example.com/a\t" },
        Change(name: "tag case and duplicates") { $0.tags = ["Swift", " swift", "IOS", ""] },
        Change(name: "sub-millisecond timestamp") { $0.timestamp = moment.addingTimeInterval(0.000_2) },
    ])
    func normalisedDifferencesKeepTheFingerprint(change: Change) throws {
        var changed = Self.base()
        change.apply(&changed)
        #expect(try fingerprint(changed) == fingerprint(Self.base()))
    }

    @Test func blankAndAbsentFieldsFingerprintAlike() throws {
        let absent = ShareRequest(contentType: .url, url: "https://example.com/a")
        let blank = ShareRequest(
            contentType: .url, url: "https://example.com/a", text: " ", title: "", userNote: "\n", wall: "", tags: []
        )
        #expect(try fingerprint(absent) == fingerprint(blank))
    }

    @Test func absentSourceFingerprintsAsAPI() throws {
        var explicit = Self.base()
        explicit.source = .api
        var absent = Self.base()
        absent.source = nil
        #expect(try fingerprint(explicit) == fingerprint(absent))
    }

    // MARK: Different content, different fingerprint

    @Test(arguments: [
        Change(name: "url") { $0.url = "https://example.com/b" },
        Change(name: "url, same canonical form") { $0.url = "https://example.com/a?utm_source=x" },
        Change(name: "text") { $0.text = "another passage" },
        Change(name: "text removed") { $0.text = nil },
        Change(name: "title") { $0.title = "Another title" },
        Change(name: "title removed") { $0.title = nil },
        Change(name: "note") { $0.userNote = "another note" },
        Change(name: "wall") { $0.wall = "inbox" },
        Change(name: "wall removed") { $0.wall = nil },
        Change(name: "tag added") { $0.tags = ["swift", "ios", "mac"] },
        Change(name: "tags reordered") { $0.tags = ["ios", "swift"] },
        Change(name: "tags removed") { $0.tags = nil },
        Change(name: "timestamp, one millisecond") { $0.timestamp = moment.addingTimeInterval(0.001) },
        Change(name: "timestamp removed") { $0.timestamp = nil },
        Change(name: "source") { $0.source = .web },
        Change(name: "contentType") { $0.contentType = .text },
        Change(name: "contentType image") { $0.contentType = .image },
    ])
    func anyContentChangeChangesTheFingerprint(change: Change) throws {
        var changed = Self.base()
        change.apply(&changed)
        #expect(try fingerprint(changed) != fingerprint(Self.base()))
    }

    @Test func fieldsDoNotBleedIntoEachOther() throws {
        let inTitle = ShareRequest(contentType: .url, url: "https://example.com/a", title: "same words")
        let inNote = ShareRequest(contentType: .url, url: "https://example.com/a", userNote: "same words")
        #expect(try fingerprint(inTitle) != fingerprint(inNote))
    }

    @Test func tagBoundariesMatter() throws {
        let one = ShareRequest(contentType: .url, url: "https://example.com/a", tags: ["ab"])
        let two = ShareRequest(contentType: .url, url: "https://example.com/a", tags: ["a", "b"])
        let spaced = ShareRequest(contentType: .url, url: "https://example.com/a", tags: ["a b"])
        #expect(try fingerprint(one) != fingerprint(two))
        #expect(try fingerprint(two) != fingerprint(spaced))
    }

    // MARK: The digest itself

    @Test func digestOfNothingIsTheFNVOffsetBasis() {
        #expect(Fingerprint.of([]) == "cbf29ce484222325")
    }

    @Test(arguments: [[], [nil], [""], ["a"], ["a", "b"], ["héllo wörld", nil, "x"]] as [[String?]])
    func digestIsSixteenLowerCaseHexDigits(parts: [String?]) {
        let digest = Fingerprint.of(parts)
        #expect(digest.count == 16)
        #expect(digest.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(Fingerprint.of(parts) == digest)
    }

    @Test func shortDigestsArePaddedWithZeros() {
        // Among many inputs some digests start with a zero nibble; every one must still be 16 digits.
        let digests = (0..<2_000).map { Fingerprint.of(["\($0)"]) }
        #expect(digests.contains { $0.hasPrefix("0") })
        #expect(digests.allSatisfy { $0.count == 16 })
    }

    @Test(arguments: [
        ([nil], [""]),
        (["ab", nil], ["a", "b"]),
        (["a", "b"], ["b", "a"]),
        (["a"], ["a", nil]),
        (["ab"], ["a", "b"]),
        (["a\u{1}b"], ["a", "b"]),
        (["\u{0}"], [nil]),
    ] as [([String?], [String?])])
    func digestTellsStructurallyDifferentListsApart(first: [String?], second: [String?]) {
        #expect(Fingerprint.of(first) != Fingerprint.of(second))
    }
}
