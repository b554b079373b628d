import Foundation
import Testing
import WallCore

@Suite struct WallJSONTests {
    // MARK: Helpers

    private struct Stamped: Codable, Equatable {
        var at: Date
    }

    private static let moment = Date(timeIntervalSince1970: 1_700_000_000.123)

    private func encode(_ value: some Encodable) throws -> String {
        String(decoding: try WallJSON.encoder().encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try WallJSON.decoder().decode(type, from: Data(json.utf8))
    }

    /// The top-level JSON object of `data`.
    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    // MARK: Writing dates

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (1_700_000_000, "2023-11-14T22:13:20.000Z"),
        (1_700_000_000.123, "2023-11-14T22:13:20.123Z"),
        (1_700_000_000.5, "2023-11-14T22:13:20.500Z"),
        (1_700_000_000.007, "2023-11-14T22:13:20.007Z"),
        (1_700_000_000.999_6, "2023-11-14T22:13:21.000Z"),
        (1_700_000_000.123_4, "2023-11-14T22:13:20.123Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"),
        (-1.001, "1969-12-31T23:59:58.999Z"),
        (951_782_400.25, "2000-02-29T00:00:00.250Z"),
    ])
    func dateIsWrittenInUTCWithMilliseconds(seconds: Double, expected: String) {
        #expect(WallJSON.formatDate(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func encoderWritesDatesThatWay() throws {
        #expect(try encode(Stamped(at: Self.moment)) == #"{"at":"2023-11-14T22:13:20.123Z"}"#)
    }

    @Test func encoderDoesNotEscapeSlashes() throws {
        let json = try encode(ShareRequest(contentType: .url, url: "https://example.com/a/b"))
        #expect(json.contains(#""url":"https://example.com/a/b""#))
    }

    // MARK: Reading dates

    @Test(arguments: [
        "2023-11-14T22:13:20.123Z",
        "2023-11-14T23:13:20.123+01:00",
        "2023-11-14T17:13:20.123-05:00",
        "2023-11-14T22:13:20.123456Z",
    ])
    func dateWithFractionIsRead(text: String) throws {
        #expect(WallJSON.parseDate(text) == Self.moment)
        #expect(try decode(Stamped.self, #"{"at":"\#(text)"}"#).at == Self.moment)
    }

    @Test(arguments: ["2023-11-14T22:13:20Z", "2023-11-14T23:13:20+01:00"])
    func dateWithoutFractionIsRead(text: String) throws {
        let expected = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(WallJSON.parseDate(text) == expected)
        #expect(try decode(Stamped.self, #"{"at":"\#(text)"}"#).at == expected)
    }

    @Test(arguments: [
        "yesterday", "", "2023-11-14", "2023-11-14 22:13:20Z", "2023-11-14T22:13:20", "2023-13-40T22:13:20Z",
        "1700000000",
    ])
    func badDateIsADecodingError(text: String) {
        #expect(WallJSON.parseDate(text) == nil)
        #expect(throws: DecodingError.self) { try decode(Stamped.self, #"{"at":"\#(text)"}"#) }
    }

    @Test(arguments: [#"{"at":1700000000}"#, #"{"at":null}"#, #"{"at":true}"#])
    func nonStringDateIsADecodingError(json: String) {
        #expect(throws: DecodingError.self) { try decode(Stamped.self, json) }
    }

    @Test func everyMillisecondSurvivesTheWire() throws {
        for millis in 0..<2_000 {
            let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(millis) / 1_000)
            let text = WallJSON.formatDate(date)
            #expect(WallJSON.parseDate(text) == date, "\(text)")
        }
    }

    @Test func readDateIsKeptToTheMillisecond() throws {
        let date = try #require(WallJSON.parseDate("2023-11-14T22:13:20.123456Z"))
        #expect(date == date.roundedToMillis)
        #expect(date.millisSince1970 == 1_700_000_000_123)
    }

    // MARK: Round trips

    @Test func fullShareRequestRoundTrips() throws {
        let request = ShareRequest(
            contentType: .text, url: "https://example.com/a?x=1&y=\u{E9}", text: "line one\nline \"two\"",
            title: "A title \u{1F4DA}", userNote: "note", wall: "reading", tags: ["swift", "ios"],
            timestamp: Self.moment, source: .iosShareExtension
        )
        let data = try WallJSON.encoder().encode(request)
        #expect(try WallJSON.decoder().decode(ShareRequest.self, from: data) == request)
    }

    @Test func minimalShareRequestRoundTripsWithoutNulls() throws {
        let request = ShareRequest(contentType: .url, url: "https://example.com/")
        let data = try WallJSON.encoder().encode(request)
        #expect(try WallJSON.decoder().decode(ShareRequest.self, from: data) == request)
        #expect(Set(try object(data).keys) == ["id", "contentType", "url"])
    }

    @Test func shareRequestUsesTheWireNames() throws {
        let id = UUID()
        let request = ShareRequest(
            id: id, contentType: .url, url: "https://example.com/", userNote: "n", timestamp: Self.moment,
            source: .webShareTarget
        )
        let fields = try object(try WallJSON.encoder().encode(request))
        #expect(fields["id"] as? String == id.uuidString)
        #expect(fields["contentType"] as? String == "url")
        #expect(fields["userNote"] as? String == "n")
        #expect(fields["timestamp"] as? String == "2023-11-14T22:13:20.123Z")
        #expect(fields["source"] as? String == "web_share_target")
    }

    @Test func clientShareRequestIsRead() throws {
        let json = """
            {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "contentType": "url",
             "url": "https://example.com/", "tags": ["a"], "timestamp": "2023-11-14T22:13:20Z", "source": "cli"}
            """
        let request = try decode(ShareRequest.self, json)
        #expect(request.id == UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        #expect(request.contentType == .url)
        #expect(request.tags == ["a"])
        #expect(request.timestamp == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(request.source == .cli)
        #expect(request.title == nil)
    }

    @Test(arguments: [
        #"{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "contentType": "video"}"#,
        #"{"id": "not-a-uuid", "contentType": "url"}"#,
        #"{"contentType": "url"}"#,
        #"{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "contentType": "url", "source": "fax"}"#,
        #"{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "contentType": "url", "timestamp": "soon"}"#,
    ])
    func malformedShareRequestIsADecodingError(json: String) {
        #expect(throws: DecodingError.self) { try decode(ShareRequest.self, json) }
    }

    @Test func shareResponseWithItemRoundTrips() throws {
        let item = Item(
            id: UUID(), kind: .url, url: "https://example.com/", title: "T", tags: ["t"], wallId: UUID(),
            source: .web, state: .pending, sharedAt: Self.moment, createdAt: Self.moment.addingTimeInterval(1),
            updatedAt: Self.moment.addingTimeInterval(2)
        )
        let response = ShareResponse(id: UUID(), status: .queued, message: "Saved.", item: item, duplicate: false)
        let data = try WallJSON.encoder().encode(response)
        #expect(try WallJSON.decoder().decode(ShareResponse.self, from: data) == response)
        let fields = try object(data)
        #expect(fields["status"] as? String == "queued")
    }

    @Test func itemEventUsesDottedTypes() throws {
        let event = ItemEvent(seq: 7, type: .deleted, itemId: UUID(), item: nil)
        let data = try WallJSON.encoder().encode(event)
        #expect(try object(data)["type"] as? String == "item.deleted")
        #expect(try WallJSON.decoder().decode(ItemEvent.self, from: data) == event)
    }
}

/// The hand-written date formatter writes what Foundation's ISO 8601 style writes, for any date.
@Suite struct WallJSONFormatterAgreementTests {
    @Test func agreesWithFoundationAcrossTheCalendar() {
        var generator = SystemRandomNumberGenerator()
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<5_000 {
            let millis = Int64.random(in: 0...253_402_300_799_999, using: &generator)
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            let ours = WallJSON.formatDate(date)
            // Foundation truncates to the millisecond, so ask it about a date a tenth of one above.
            let foundations = Date(timeIntervalSince1970: Double(millis) / 1000 + 0.0001).formatted(style)
            #expect(ours == foundations, "\(millis)")
            #expect(WallJSON.parseDate(ours) == date.roundedToMillis)
        }
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"), (951_782_400.5, "2000-02-29T00:00:00.500Z"),
        (1_795_000_000.123, "2026-11-18T11:06:40.123Z"), (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
    ])
    func writesKnownDates(seconds: Double, expected: String) {
        #expect(WallJSON.formatDate(Date(timeIntervalSince1970: seconds)) == expected)
    }
}
