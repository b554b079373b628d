import Foundation
import Testing
import WallCore

@Suite struct LegacySaveTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func olderBodyIsReadWithItsSnakeCaseToken() throws {
        let json = #"{"url": "https://example.com/", "title": "T", "source": "bookmarklet", "auth_token": "secret"}"#
        let request = try WallJSON.decoder().decode(LegacySaveRequest.self, from: Data(json.utf8))
        #expect(request == LegacySaveRequest(url: "https://example.com/", title: "T", source: "bookmarklet", authToken: "secret"))
    }

    @Test func tokenIsWrittenAsAuthToken() throws {
        let data = try WallJSON.encoder().encode(LegacySaveRequest(url: "https://example.com/", authToken: "secret"))
        let fields = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(fields["auth_token"] as? String == "secret")
        #expect(fields["authToken"] == nil)
    }

    @Test func becomesAURLShareStampedNow() throws {
        let share = try LegacySaveRequest(url: "https://example.com/a", title: "Title").shareRequest(now: Self.now)
        #expect(share.contentType == .url)
        #expect(share.url == "https://example.com/a")
        #expect(share.title == "Title")
        #expect(share.timestamp == Self.now)
        #expect(share.text == nil)
        #expect(share.wall == nil)
    }

    @Test func everyConversionGetsAFreshID() throws {
        let legacy = LegacySaveRequest(url: "https://example.com/a")
        #expect(try legacy.shareRequest(now: Self.now).id != legacy.shareRequest(now: Self.now).id)
    }

    @Test(arguments: [
        ("cli", ShareSource.cli),
        ("CLI", .cli),
        ("Web", .web),
        ("ios_share_extension", .iosShareExtension),
        ("import", .import),
    ])
    func knownSourceIsMapped(source: String, expected: ShareSource) throws {
        #expect(try LegacySaveRequest(url: "https://example.com/", source: source).shareRequest(now: Self.now).source == expected)
    }

    @Test(arguments: [nil, "", "bookmarklet", "chrome-extension"] as [String?])
    func otherSourceBecomesAPI(source: String?) throws {
        #expect(try LegacySaveRequest(url: "https://example.com/", source: source).shareRequest(now: Self.now).source == .api)
    }

    @Test func convertedShareIsValidatedLikeAnyOther() throws {
        let share = try LegacySaveRequest(url: " HTTPS://Example.com/a/?utm_source=x ", title: " T ")
            .shareRequest(now: Self.now).validated()
        #expect(share.canonicalURL == "https://example.com/a")
        #expect(share.title == "T")
        #expect(share.sharedAt == Self.now)
    }

    @Test func overLongSourceIsRefused() {
        let error = #expect(throws: ValidationError.self) {
            try LegacySaveRequest(url: "https://example.com/", source: String(repeating: "s", count: Limits.maxSourceLength + 1))
                .shareRequest(now: Self.now)
        }
        #expect(error?.field == "source")
    }

    @Test func convertedShareWithoutURLIsRefused() {
        let error = #expect(throws: ValidationError.self) {
            try LegacySaveRequest(url: nil, title: "T").shareRequest(now: Self.now).validated()
        }
        #expect(error?.code == .missingField)
        #expect(error?.field == "url")
    }

    @Test func answerIsWrittenAsIdStatusMessage() throws {
        let id = UUID()
        let data = try WallJSON.encoder().encode(LegacySaveResponse(id: id, status: .saved, message: "Saved."))
        let fields = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(fields.keys) == ["id", "status", "message"])
        #expect(fields["status"] as? String == "saved")
        #expect(fields["id"] as? String == id.uuidString)
    }
}
