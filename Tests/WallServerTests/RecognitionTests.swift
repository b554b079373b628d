import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WallCore
import WallMedia
import WallStore

/// Text in pictures and scans (OCR) end to end, on SQLite and on PostgreSQL (whichever the run
/// has): a share's picture is recognised by real Tesseract in its own job lane after its
/// thumbnail, and the item is then found by those words through `GET /v1/items?q=`, and carries
/// them in its JSON. Pictures are drawn by libvips' text rendering (DejaVu Sans).
@Suite struct RecognitionTests {
    @Test func aScreenshotsWordsAreRecognisedAndFoundBySearch() async throws {
        try await TestServer.run(.live, configure: { $0.ocrLanguages = "eng" }) { _, client in
            let token = try await client.signIn("alice")
            let picture = try TestFiles.textPicture("Quarterly walrus census\nInvoice 4721")
            let item = try await Self.shareAndRecognise(("shot.png", picture), client: client, token: token)
            #expect(item.recognitionError == nil)
            #expect(item.recognizedText?.contains("walrus") == true)

            let detail = try client.decodeItem(try await client.item(item.id, token: token))
            #expect(detail.recognizedText?.contains("census") == true)
            #expect(detail.recognizedText?.contains("4721") == true)
            for words in ["walrus", "census+walrus", "4721"] {
                let found = try await client.listItems(token: token, query: "q=\(words)")
                #expect(found.items.map(\.id) == [item.id], "search for \(words)")
            }
            #expect(try await client.listItems(token: token, query: "q=penguin").items.isEmpty)
        }
    }

    @Test func theWebWallsSearchMarksTheRecognisedWordsThatMatched() async throws {
        try await TestServer.run(.live, configure: { $0.ocrLanguages = "eng" }) { _, client in
            let token = try await client.signIn("alice")
            let picture = try TestFiles.textPicture("Quarterly walrus census")
            let item = try await Self.shareAndRecognise(("shot.png", picture), client: client, token: token)
            let browser = WebBrowser(client)
            try await browser.signIn()

            let found = try await browser.get("/w/inbox?q=walrus")
            #expect(found.status == .ok)
            #expect(found.text.contains(item.id.uppercasedText))
            #expect(found.text.contains("<mark>walrus</mark>"), "the card shows where its picture's words matched")
            let wall = try await browser.get("/w/inbox")
            #expect(!wall.text.contains("walrus census"), "outside a search the card shows no recognised text")
            let detail = try await browser.get("/items/\(item.id.uppercasedText)")
            #expect(detail.text.contains("<details class=\"recognized\">"))
            #expect(detail.text.contains("Quarterly walrus census"))
        }
    }

    @Test func aScannedPDFsPagesAreRecognised() async throws {
        try await TestServer.run(.live, configure: { $0.ocrLanguages = "eng" }) { _, client in
            let token = try await client.signIn("alice")
            let jpeg = try TestFiles.textPicture("Lighthouse keeper logbook", jpeg: true)
            let size = try Self.size(of: jpeg)
            let pdf = TestFiles.scannedPDF(jpeg: jpeg, width: size.width, height: size.height, pages: 2)
            let item = try await Self.shareAndRecognise(("scan.pdf", pdf), client: client, token: token)
            #expect(item.recognizedText?.contains("Lighthouse") == true)
            #expect(try await client.listItems(token: token, query: "q=logbook").items.map(\.id) == [item.id])
        }
    }

    @Test func aTruncatedPictureEndsWithAReasonAndTheCardStays() async throws {
        try await TestServer.run(.live, configure: { $0.ocrLanguages = "eng" }) { _, client in
            let token = try await client.signIn("alice")
            // The thumbnailer draws what a truncated JPEG has; recognition refuses it (libvips
            // reads no part of it), and the card stays.
            let whole = try TestFiles.textPicture("Quarterly walrus census", jpeg: true)
            let truncated = Array(whole.prefix(whole.count * 2 / 3))
            let item = try await Self.shareAndRecognise(("cut.jpg", truncated), client: client, token: token)
            #expect(item.recognizedText == nil)
            let reason = try #require(item.recognitionError)
            #expect(reason.contains("libvips"), "\(reason)")
            let detail = try client.decodeItem(try await client.item(item.id, token: token))
            #expect(detail.recognitionError == reason)
            #expect(try await client.allItems(token: token).map(\.id) == [item.id])
        }
    }

    @Test func anArchiveKeepsTheRecognisedTextAndItsImportReadsItBack() async throws {
        let (archive, itemID) = try await TestServer.run(.live, configure: { $0.ocrLanguages = "eng" }) { _, client in
            let token = try await client.signIn("alice")
            let picture = try TestFiles.textPicture("Quarterly walrus census")
            let item = try await Self.shareAndRecognise(("shot.png", picture), client: client, token: token)
            let document = try await client.send(.get, "/v1/export", token: token).decode(ExportDocument.self)
            #expect(document.items.first?.recognizedText == item.recognizedText)
            let response = try await client.send(.get, "/v1/export?format=zip", token: token)
            #expect(response.status == .ok)
            return (response.data, item.id)
        }
        // Recognition is off here: the text can only come from the archive.
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let answer = try await client.importArchive(archive, token: token)
            #expect(answer.imported == 1, "\(answer.results)")
            let copy = try client.decodeItem(try await client.item(itemID, token: token))
            #expect(copy.recognizedText?.contains("walrus") == true)
            #expect(try await client.listItems(token: token, query: "q=walrus").items.map(\.id) == [itemID])
        }
    }

    @Test func aPicturesRefreshRecognisesItAgain() async throws {
        try await TestServer.run(.live, configure: { $0.ocrLanguages = "eng" }) { _, client in
            let token = try await client.signIn("alice")
            let item = try await Self.shareAndRecognise(("shot.png", try TestFiles.textPicture("Walrus census")), client: client, token: token)
            let port = try #require(client.port)
            let again = try await SSEClient.withStream(port: port, token: token, timeout: .seconds(120)) { reader in
                let response = try await client.send(.post, "/v1/items/\(item.id)/refresh", token: token)
                #expect(response.status == .accepted)
                #expect(try response.decode(Item.self).id == item.id)
                while true {
                    let event = try EventsTests.itemEvent(try await reader.nextEvent())
                    if event.itemId == item.id, event.type == .updated, let updated = event.item, updated.recognizedText != nil {
                        return updated
                    }
                }
            }
            #expect(again.recognizedText == item.recognizedText)
        }
    }

    @Test func withoutOCRAPicturesRefreshIsRefusedAsBefore() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let answer = try await client.shareFiles([("shot.png", try TestFiles.textPicture("walrus"))], token: token)
            let response = try await client.send(.post, "/v1/items/\(answer.item.id)/refresh", token: token)
            #expect(response.status == .conflict)
        }
    }

    @Test func withoutOCRAPictureGetsNoRecognitionJob() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let answer = try await client.shareFiles([("shot.png", try TestFiles.textPicture("walrus"))], token: token)
            let item = try await client.processedItem(answer.item.id, token: token)
            #expect(item.state == .ready)
            let jobs = try await server.withStore { store in try await store.jobs.jobs(state: nil, limit: 100) }
            #expect(!jobs.contains { $0.kind == "recognize" })
        }
    }

    // MARK: Helpers

    /// Shares one file and waits on the event stream for its recognition's `updated` event
    /// (the one that carries recognised text or a failure), returning that item.
    static func shareAndRecognise(
        _ file: (String, [UInt8]), client: some TestClientProtocol, token: String
    ) async throws -> Item {
        let port = try #require(client.port)
        return try await SSEClient.withStream(port: port, token: token, timeout: .seconds(120)) { reader in
            let shared = try await client.shareFiles([file], token: token)
            while true {
                let event = try EventsTests.itemEvent(try await reader.nextEvent())
                if event.itemId == shared.item.id, event.type == .updated, let item = event.item,
                   item.recognizedText != nil || item.recognitionError != nil {
                    return item
                }
            }
        }
    }

    static func size(of jpeg: [UInt8]) throws -> (width: Int, height: Int) {
        try #require(TestFiles.jpegSize(jpeg))
    }
}
