import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// Files through the web share target and `POST /api/save`: the same path, limits, type checks
/// and all-or-nothing rule as a multipart `POST /v1/share`, under each route's own auth.
@Suite struct FormFileShareTests {
    private static let person: HTTPFields = [HTTPField.Name("Sec-Fetch-Site")!: "none"]

    // MARK: The share target

    @Test func shareTargetFilesBecomeItemsCarryingTheLinkAndAResendMakesNoMore() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let id = UUID().uuidString
            let form = TestMultipart.form(
                [("id", id), ("title", "Whiteboard"), ("text", "From Tuesday https://example.com/meeting"), ("url", "")],
                files: [("board.jpg", try TestFiles.jpegWithEXIF()), ("minutes.pdf", TestFiles.pdf())]
            )

            let first = try await browser.shareTarget(form, headers: Self.person)
            let again = try await browser.shareTarget(form, headers: Self.person)

            #expect(first.status == .seeOther)
            #expect(first.location == "/?notice=saved")
            #expect(again.status == .seeOther)
            let items = try await client.allItems(token: token).sorted { ($0.file?.name ?? "") < ($1.file?.name ?? "") }
            #expect(items.map(\.kind) == [.image, .file], "one item per file, however often it is sent")
            #expect(items.map { $0.file?.name } == ["board.jpg", "minutes.pdf"])
            #expect(items.allSatisfy {
                $0.url == "https://example.com/meeting" && $0.title == "Whiteboard" && $0.text == "From Tuesday"
                    && $0.source == .webShareTarget
            })
            // Once processed, the PDF keeps the shared text and is found by its own text too.
            let pdf = try await client.processedItem(try #require(items.last).id, token: token)
            #expect(pdf.state == .ready && pdf.text == "From Tuesday")
            #expect(try await client.allItems(token: token, query: "q=quokka").map(\.id) == [pdf.id])
        }
    }

    @Test func shareTargetFilePastTheLimitIs413AndNothingIsStored() async throws {
        try await TestServer.run(configure: { $0.maxUploadBytes = 100_000 }) { server, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            var big = try TestFiles.png()
            big += [UInt8](repeating: 0, count: 100_001 - big.count)
            let form = TestMultipart.form([("title", "Too big")], files: [("small.png", try TestFiles.png()), ("big.png", big)])

            let response = try await browser.shareTarget(form, headers: Self.person)

            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("big.png is larger than the limit"))
            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)
        }
    }

    @Test func shareTargetFileOfAnotherTypeIs415AndNothingIsStored() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let form = TestMultipart.form(
                [("title", "Mixed")], files: [("fine.png", try TestFiles.png()), ("notes.jpg", Array("plain text\n".utf8))]
            )

            let response = try await browser.shareTarget(form, headers: Self.person)

            #expect(response.status == .unsupportedMediaType)
            #expect(response.text.contains("text/plain"))
            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)
        }
    }

    @Test func shareTargetWithTooManyFilesIsRefusedAndNothingIsStored() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let png = try TestFiles.png()
            let form = TestMultipart.form([], files: (0...Limits.maxFilesPerShare).map { ("\($0).png", png) })

            let response = try await browser.shareTarget(form, headers: Self.person)

            #expect(response.status == .badRequest)
            #expect(response.text.contains("at most \(Limits.maxFilesPerShare) files"))
            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)
        }
    }

    @Test func shareTargetSignedOutGoesToSignInAndWritesNothing() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.get("/signin")
            let form = TestMultipart.form([("url", "https://example.com/kept")], files: [("a.png", try TestFiles.png())])

            let response = try await browser.shareTarget(form, headers: Self.person)

            #expect(response.status == .seeOther)
            #expect(response.location?.hasPrefix("/signin?next=") == true)
            #expect(response.location?.contains("example.com") == true, "the text fields survive sign-in")
            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)
        }
    }

    @Test func shareTargetFilesFromAnotherSiteAreNotKeptUnlessTheFormCarriesTheToken() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let crossSite: HTTPFields = [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
            let planted = TestMultipart.form([("title", "Planted")], files: [("a.png", try TestFiles.png())])

            let refused = try await browser.shareTarget(planted, headers: crossSite)

            #expect(refused.status == .ok)
            #expect(refused.text.contains("The files were not kept"))
            #expect(refused.text.contains(#"value="Planted""#))
            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)

            let csrf = try #require(browser.csrf)
            let wrong = TestMultipart.form([("_csrf", "not-it"), ("title", "Wrong")], files: [("a.png", try TestFiles.png())])
            #expect(try await browser.shareTarget(wrong, headers: crossSite).text.contains("The files were not kept"))
            let confirmed = TestMultipart.form([("_csrf", csrf), ("title", "Mine")], files: [("a.png", try TestFiles.png())])
            #expect(try await browser.shareTarget(confirmed, headers: crossSite).status == .seeOther)
            #expect(try await client.allItems(token: token).map(\.title) == ["Mine"])
        }
    }

    @Test func shareTargetMultipartWithoutFilesStillSavesTheText() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let form = TestMultipart.form([("title", "Only words"), ("text", "No files here"), ("url", "")])
            let withEmptyFileInput = TestMultipart.form([("text", "And an empty file input")], files: [("", [])])

            #expect(try await browser.shareTarget(form, headers: Self.person).status == .seeOther)
            #expect(try await browser.shareTarget(withEmptyFileInput, headers: Self.person).status == .seeOther)

            let texts = Set(try await client.allItems(token: token).map(\.text))
            #expect(texts == ["No files here", "And an empty file input"])
        }
    }

    // MARK: /api/save

    @Test func apiSaveTakesFilesWithTheTokenInTheHeaderOrAFieldAndAnIDMakesResendsSafe() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let id = UUID()
            let form = TestMultipart.form(
                [("id", id.uuidString), ("url", "https://example.com/receipts"), ("title", "Receipts"), ("source", "web")],
                files: [("r1.pdf", TestFiles.pdf()), ("r2.png", try TestFiles.png())]
            )

            let first = try await client.apiSave(form, token: token)
            let again = try await client.apiSave(form, token: token)

            #expect(first.status == .created)
            let body = try first.decode(LegacySaveResponse.self)
            #expect(try await client.item(body.id, token: token).decode(Item.self).file?.name == "r1.pdf")
            #expect(body.message == "Saved 2 files.")
            #expect(again.status == .ok)
            let items = try await client.allItems(token: token)
            #expect(items.count == 2)
            #expect(items.allSatisfy { $0.url == "https://example.com/receipts" && $0.title == "Receipts" && $0.source == .web })

            let inField = TestMultipart.form([("auth_token", token)], files: [("photo.jpg", try TestFiles.jpegWithEXIF())])
            let saved = try await client.apiSave(inField, token: nil)
            #expect(saved.status == .created)
            #expect(try await client.item(try saved.decode(LegacySaveResponse.self).id, token: token).decode(Item.self).kind == .image)
        }
    }

    @Test func apiSaveMultipartWithoutFilesIsTheLinkShare() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let form = TestMultipart.form([("url", "https://example.com/plain"), ("auth_token", token)])
            let response = try await client.apiSave(form, token: nil)
            #expect(response.status == .created)
            #expect(try await client.allItems(token: token).map(\.url) == ["https://example.com/plain"])
            try expectError(try await client.apiSave(TestMultipart.form([("auth_token", token)]), token: nil), .badRequest, .missingField, field: "url")
        }
    }

    @Test func apiSaveWithoutAValidTokenIs401AndWritesNothing() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let png = try TestFiles.png()
            let anonymous = TestMultipart.form([("url", "https://example.com/x")], files: [("a.png", png)])
            let forged = TestMultipart.form([("auth_token", "dw_not-a-token")], files: [("a.png", png)])
            let tokenAfterTheFile = TestMultipart.form([], files: [("a.png", png)])
            var late = tokenAfterTheFile
            late.add(name: "auth_token", Array(token.utf8))

            try expectError(try await client.apiSave(anonymous, token: nil), .unauthorized, .unauthorized)
            try expectError(try await client.apiSave(forged, token: nil), .unauthorized, .unauthorized)
            try expectError(try await client.apiSave(late, token: nil), .unauthorized, .unauthorized)

            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)
        }
    }

    @Test func apiSaveRefusesWhatTheShareRouteRefusesAndStoresNothing() async throws {
        try await TestServer.run(configure: { $0.maxUploadBytes = 100_000 }) { server, client in
            let token = try await client.signIn("alice")
            let png = try TestFiles.png()
            var big = png
            big += [UInt8](repeating: 0, count: 100_001 - big.count)

            let tooLarge = TestMultipart.form([], files: [("ok.png", png), ("big.png", big)])
            try expectError(try await client.apiSave(tooLarge, token: token), .contentTooLarge, .tooLarge, field: "file")
            let wrongType = TestMultipart.form([], files: [("ok.png", png), ("page.jpg", Array("<html></html>".utf8))])
            try expectError(try await client.apiSave(wrongType, token: token), .unsupportedMediaType, .unsupportedMediaType)
            let tooMany = TestMultipart.form([], files: (0...Limits.maxFilesPerShare).map { ("\($0).png", png) })
            try expectError(try await client.apiSave(tooMany, token: token), .badRequest, .invalidField, field: "file")

            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)
        }
    }
}

extension WebBrowser {
    /// POSTs a multipart form to the share target, as a share sheet does.
    func shareTarget(_ form: TestMultipart, headers: HTTPFields) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = form.contentType
        return try await send(.post, "/share-target", headers: headers, body: ByteBuffer(bytes: form.finished))
    }
}

extension TestClientProtocol {
    /// `POST /api/save` with a multipart body (and the token in the header, when given).
    func apiSave(_ form: TestMultipart, token: String?) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: form.contentType]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: "/api/save", method: .post, headers: headers, body: ByteBuffer(bytes: form.finished))
    }
}
