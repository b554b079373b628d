import Foundation
import ShareKit
import Testing
import WallCore

/// Safari's preprocessing result (`GetPage.js`) read into the share's page snapshot, held to its
/// limits, and carried through the outbox and the client to the server.
@Suite struct PagePayloadTests {
    /// What `GetPage.js` returned for a paywalled article page with a passage selected, as Safari
    /// hands it to the extension under `NSExtensionJavaScriptPreprocessingResultsKey`: recorded
    /// from the script in Chromium (`Tests/Browser/test_getpage.py` checks that the script still
    /// returns exactly this for `fixtures/getpage-article.html`).
    static let recorded: [String: String] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Browser/fixtures/getpage-article.json").standardizedFileURL
        do { return try JSONDecoder().decode([String: String].self, from: Data(contentsOf: file)) } catch {
            Issue.record("could not read \(file.path): \(error)")
            return [:]
        }
    }()

    @Test func aSafariShareCarriesTheTitleSelectionAndPageToTheServer() async throws {
        let safari = StubProvider("com.apple.property-list", .dictionary(Self.recorded))
        let extraction = await AttachmentExtractor().extract(from: [safari])
        let shares = ShareDraft(contents: extraction.contents, source: .iosShareExtension).shares()
        let request = try #require(shares.first?.request)
        #expect(shares.count == 1)
        #expect(request.contentType == .url)
        #expect(request.url == "https://news.example.com/2026/11/24/tides?ref=share")
        #expect(request.title == "Why the tides are late this year — Example News")
        #expect(request.page == PageSnapshot(
            title: "Why the tides are late this year — Example News", selection: "The moon is not the only thing that pulls.",
            canonicalUrl: "https://news.example.com/2026/11/24/tides", html: Self.recorded["html"], text: nil,
            capturedBy: "safari_preprocessing"
        ))

        // Through the outbox (what a drain sends later) and the client (what goes on the wire).
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let transport = CannedTransport { sent, _ in CannedTransport.saved(sent) }
        let delivery = Delivery(
            outbox: try Outbox(directory: folder.url),
            client: WallAPIClient(server: URL(string: "http://127.0.0.1:9")!, token: "t", transport: transport),
            userID: nil, policy: .interactive, clock: TestClock(), random: { 0 }
        )
        _ = delivery.queue(shares)
        #expect(try Outbox(directory: folder.url).snapshot().pending.map(\.share.page) == [request.page])
        let report = await delivery.drain()
        #expect(report.progress.delivered == 1)
        let body = try #require(transport.requests.first?.body)
        let wire = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let page = try #require(wire["page"] as? [String: Any])
        #expect(page["title"] as? String == "Why the tides are late this year — Example News")
        #expect(page["selection"] as? String == "The moon is not the only thing that pulls.")
        #expect(page["canonicalUrl"] as? String == "https://news.example.com/2026/11/24/tides")
        #expect(page["capturedBy"] as? String == "safari_preprocessing")
        #expect((page["html"] as? String)?.hasPrefix("<article>") == true)
    }

    @Test func thePreviewShowsThePageAndTheSelection() async {
        let safari = StubProvider("com.apple.property-list", .dictionary(Self.recorded))
        let preview = ContentPreview(await AttachmentExtractor().extract(from: [safari]))
        #expect(preview.rows == [
            .link(title: "Why the tides are late this year — Example News", host: "news.example.com",
                  url: URL(string: "https://news.example.com/2026/11/24/tides?ref=share")!),
            .text(excerpt: "The moon is not the only thing that pulls.", sourceHost: "news.example.com"),
        ])
    }

    @Test func aPayloadWithOnlyTheAddressIsStillAPageShare() throws {
        let payload = try #require(PagePayload(["URL": "https://example.com/a"]))
        #expect(payload.snapshot == PageSnapshot(capturedBy: "safari_preprocessing"))
        #expect(payload.content.kind == .url)
    }

    @Test func htmlOverTheLimitIsCutBetweenCharactersWithinTheByteLimit() throws {
        // "é" is two UTF-8 bytes; an odd limit would split one if the cut were by bytes alone.
        let html = "<p>" + String(repeating: "é", count: Limits.maxPageSnapshotHTMLBytes) + "</p>"
        let payload = try #require(PagePayload(["URL": "https://example.com/a", "html": html]))
        let kept = try #require(payload.snapshot.html)
        #expect(kept.utf8.count <= Limits.maxPageSnapshotHTMLBytes)
        #expect(kept.utf8.count >= Limits.maxPageSnapshotHTMLBytes - 1)
        #expect(html.hasPrefix(kept))
        #expect(kept.hasSuffix("é"))
    }

    @Test func htmlWithinTheLimitIsKeptWhole() throws {
        let html = String(repeating: "a", count: Limits.maxPageSnapshotHTMLBytes)
        #expect(PagePayload(["URL": "https://example.com/a", "html": html])?.snapshot.html == html)
    }

    @Test func longSelectionTextAndTitleAreCutToTheirLimits() throws {
        let payload = try #require(PagePayload([
            "URL": "https://example.com/a",
            "title": String(repeating: "t", count: Limits.maxTitleLength + 5),
            "selection": String(repeating: "s", count: Limits.maxPageSnapshotSelectionLength + 5),
            "text": String(repeating: "x", count: Limits.maxPageSnapshotTextLength + 5),
        ]))
        #expect(payload.title?.count == Limits.maxTitleLength)
        #expect(payload.snapshot.title?.count == Limits.maxTitleLength)
        #expect(payload.snapshot.selection?.count == Limits.maxPageSnapshotSelectionLength)
        #expect(payload.snapshot.text?.count == Limits.maxPageSnapshotTextLength)
    }

    @Test func aCanonicalAddressThatIsNotAWebAddressIsDropped() throws {
        for bad in ["javascript:alert(1)", "file:///etc/passwd", "https://example.com/" + String(repeating: "a", count: Limits.maxURLLength)] {
            let payload = try #require(PagePayload(["URL": "https://example.com/a", "canonicalUrl": bad]))
            #expect(payload.snapshot.canonicalUrl == nil, "\(bad.prefix(40))")
        }
    }

    @Test func fieldsAreMadeWhatTheServerTakesInsteadOfRefusingTheShare() throws {
        let payload = try #require(PagePayload([
            "URL": "https://example.com/a",
            "title": "  Breaking:\n\tthe\u{0}  news \r\n",
            "selection": "line one\nline\u{0C} two\u{0}\t!",
            "text": "\u{1B}[0mtext\u{7F}",
            "canonicalUrl": "https://exa mple.com/a",
        ]))
        #expect(payload.title == "Breaking: the news")
        #expect(payload.snapshot.title == "Breaking: the news")
        #expect(payload.snapshot.selection == "line one\nline two\t!")
        #expect(payload.snapshot.text == "[0mtext")
        #expect(payload.snapshot.canonicalUrl == nil, "an address the server's canonicaliser refuses is dropped")
        let request = ShareDraft(contents: [payload.content], source: .iosShareExtension).shares()[0].request
        #expect(throws: Never.self) { try request.validated() }
    }

    @Test func aSnapshotWhoseJSONWouldBeTooLargeIsCutToFitTheBodyLimit() throws {
        // Quotes take two bytes in JSON: HTML within its own byte limit can still overflow the body.
        let html = "<p>" + String(repeating: "\"", count: Limits.maxPageSnapshotHTMLBytes - 3)
        #expect(html.utf8.count <= Limits.maxPageSnapshotHTMLBytes)
        let payload = try #require(PagePayload(["URL": "https://example.com/a", "title": "Quotes", "html": html]))
        let request = ShareDraft(contents: [payload.content], source: .iosShareExtension).shares()[0].request
        let body = try WallJSON.encoder().encode(request)
        #expect(body.count <= Limits.maxJSONBodyBytes)
        #expect(body.count > Limits.maxJSONBodyBytes - 1_024, "cut by about the overshoot, not more")
        let kept = try #require(request.page?.html)
        #expect(html.hasPrefix(kept) && kept.count < html.count)
        #expect(request.page?.title == "Quotes", "the rest of the snapshot stays")
    }

    @Test func aSnapshotThatFitsIsSentWhole() throws {
        let payload = try #require(PagePayload(Self.recorded))
        let request = ShareDraft(contents: [payload.content], source: .iosShareExtension).shares()[0].request
        #expect(request.page == payload.snapshot)
        var huge = request
        huge.title = String(repeating: "t", count: 10)
        huge.userNote = String(repeating: "n", count: Limits.maxJSONBodyBytes)
        #expect(huge.fittingJSONBody().page == nil, "when nothing else helps the snapshot is left out, not the share")
    }

    @Test func blankFieldsAreLeftOut() throws {
        let payload = try #require(PagePayload(["URL": "https://example.com/a", "title": "  ", "selection": "\n", "html": " "]))
        #expect(payload.title == nil && payload.snapshot.selection == nil && payload.snapshot.html == nil)
    }
}
