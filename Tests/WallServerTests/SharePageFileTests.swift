import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// Files through the share page's plain form (`POST /share`, multipart, no script): the share
/// target's path and limits, and the page's CSRF field checked before any file byte is kept.
@Suite struct SharePageFileTests {
    @Test func sharePageFilesBecomeItemsCarryingTheFormAndAResendMakesNoMore() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let csrf = try #require(browser.csrf)
            let form = TestMultipart.form(
                [("_csrf", csrf), ("id", UUID().uuidString), ("source", "web"), ("url", "https://example.com/receipts"),
                 ("title", "Receipts"), ("text", ""), ("note", "For taxes"), ("tags", "money, 2026"), ("wall", "inbox")],
                files: [("march.pdf", TestFiles.pdf()), ("april.png", try TestFiles.png())]
            )

            let first = try await browser.sharePage(form)
            let again = try await browser.sharePage(form)

            #expect(first.status == .seeOther)
            #expect(first.location == "/w/inbox?notice=saved")
            #expect(again.status == .seeOther)
            let items = try await client.allItems(token: token).sorted { ($0.file?.name ?? "") < ($1.file?.name ?? "") }
            #expect(items.map { $0.file?.name } == ["april.png", "march.pdf"], "one item per file, however often it is sent")
            #expect(items.allSatisfy {
                $0.title == "Receipts" && $0.url == "https://example.com/receipts" && $0.userNote == "For taxes"
                    && $0.tags == ["money", "2026"] && $0.source == .web
            })
        }
    }

    @Test func sharePageMultipartWithoutFilesSavesTheLink() async throws {
        try await TestServer.run { _, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let csrf = try #require(browser.csrf)
            let form = TestMultipart.form(
                [("_csrf", csrf), ("url", "https://example.com/words"), ("title", "Words")], files: [("", [])]
            )

            #expect(try await browser.sharePage(form).status == .seeOther)
            #expect(try await client.allItems(token: token).map(\.kind) == [.url])
        }
    }

    @Test func sharePageFilesWithoutTheRightTokenFirstAreRefusedAndNothingIsWritten() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let csrf = try #require(browser.csrf)
            let png = try TestFiles.png()
            var tokenAfterTheFile = TestMultipart.form([("title", "Late")], files: [("a.png", png)])
            tokenAfterTheFile.add(name: "_csrf", Array(csrf.utf8))
            let forms = [
                TestMultipart.form([("title", "None")], files: [("a.png", png)]),
                TestMultipart.form([("_csrf", "not-it"), ("title", "Wrong")], files: [("a.png", png)]),
                tokenAfterTheFile,
                TestMultipart.form([("title", "No file, no token")]),
            ]

            for form in forms {
                #expect(try await browser.sharePage(form).status == .forbidden)
            }
            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)
        }
    }

    @Test func sharePageFileOfAnotherTypeIs415AndNothingIsStored() async throws {
        try await TestServer.run { server, client in
            let token = try await client.signIn("alice")
            let browser = WebBrowser(client)
            try await browser.signIn()
            let csrf = try #require(browser.csrf)
            let form = TestMultipart.form(
                [("_csrf", csrf), ("title", "Not a picture")],
                files: [("ok.png", try TestFiles.png()), ("notes.jpg", Array("just text\n".utf8))]
            )

            #expect(try await browser.sharePage(form).status == .unsupportedMediaType)
            #expect(try await client.allItems(token: token).isEmpty)
            #expect(try await storedBlobCount(server) == 0)
            #expect(try await leftoverUploads(server) == 0)
        }
    }
}

extension WebBrowser {
    /// POSTs the share page's form as multipart, as a browser does when it carries files.
    func sharePage(_ form: TestMultipart) async throws -> TestResponse {
        try await send(.post, "/share", headers: [.contentType: form.contentType], body: ByteBuffer(bytes: form.finished))
    }
}
