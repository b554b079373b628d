import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WallCore

/// Secret links over HTTP (on PostgreSQL when the run has one): the owner makes, lists and
/// revokes them; a signed-out visitor sees the wall's cards, feed and pictures through the link
/// and nothing else; a revoked link answers 404 at once.
@Suite("Secret links over HTTP")
struct SecretLinkTests {
    /// `POST /v1/walls/{wall}/links`, expecting 201.
    private func makeLink(
        _ client: some TestClientProtocol, wall: String, token: String, body: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> SecretWallLink {
        let response = try await client.send(.post, "/v1/walls/\(wall)/links", token: token, body: body)
        try #require(response.status == .created, "make link: \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(SecretWallLink.self)
    }

    /// The link's path (`/w/dl_…`) from its full URL.
    private func path(_ link: SecretWallLink) throws -> String {
        let url = try #require(link.url.flatMap(URL.init(string:)))
        return url.path
    }

    @Test func theOwnerMakesALinkAndASignedOutVisitorSeesTheWallsCardsAndNothingElse() async throws {
        try await TestServer.run { _, client in
            let alice = try await client.signIn("alice")
            let trip = try await client.createWall("Trip", token: alice)
            _ = try await client.shareLink("https://example.com/museum", token: alice, title: "Museum hours", wall: "trip")
            _ = try await client.shareText("Bring <the> maps & snacks", token: alice, wall: "trip", tags: ["packing"])
            _ = try await client.shareLink("https://example.com/private", token: alice, title: "Private diary")

            let link = try await makeLink(client, wall: trip.id.uuidString, token: alice)
            let page = try path(link)
            #expect(page.hasPrefix("/w/dl_"))
            #expect(link.url?.hasPrefix("http") == true)
            #expect(link.wallId == trip.id)
            #expect(link.indexable == false)

            let listed = try await client.send(.get, "/v1/walls/\(trip.id)/links", token: alice)
            #expect(listed.status == .ok)
            let links = try listed.decode(SecretWallLinkList.self).links
            #expect(links.map(\.id) == [link.id])
            #expect(links[0].url == nil, "the secret is shown once, when the link is made")

            let visit = try await client.send(.get, page)
            #expect(visit.status == .ok)
            #expect(visit.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(visit.header("X-Robots-Tag") == "noindex")
            #expect(visit.text.contains(#"<meta name="robots" content="noindex">"#))
            #expect(visit.text.contains("Museum hours"))
            #expect(visit.text.contains("Bring &lt;the&gt; maps &amp; snacks"))
            #expect(!visit.text.contains("Private diary"))
            #expect(!visit.text.contains("data-share-box"))
            #expect(!visit.text.contains("csrf"))
            #expect(visit.text.contains("\(page)?tag=packing"))
            let tagged = try await client.send(.get, "\(page)?tag=packing")
            #expect(tagged.text.contains("Bring &lt;the&gt; maps"))
            #expect(!tagged.text.contains("Museum hours"))
        }
    }

    @Test func aPictureIsServedThroughTheLinkWithTheOwnersHeadersAndNoItemOfAnotherWallIs() async throws {
        try await TestServer.run(users: ["alice", "carol"]) { _, client in
            let alice = try await client.signIn("alice")
            let carol = try await client.signIn("carol")
            let picture = try #require(try await client.shareFiles([("shot.png", try TestFiles.png())], token: alice).items?.first)
            let item = try await client.processedItem(picture.id, token: alice)
            #expect(item.file?.thumbnail != nil)
            let elsewhere = try await client.createWall("Elsewhere", token: alice)
            let hidden = try await client.shareText("On another wall", token: alice, wall: "elsewhere")
            let carols = try await client.shareText("Carol's", token: carol)
            let link = try await makeLink(client, wall: "inbox", token: alice)
            let page = try path(link)

            let visit = try await client.send(.get, page)
            #expect(visit.text.contains("\(page)/items/\(picture.id.uuidString)/thumbnail"))
            #expect(!visit.text.contains("/v1/items/"))
            let owners = try await client.itemFile(picture.id, "thumbnail", token: alice)
            let visitors = try await client.send(.get, "\(page)/items/\(picture.id)/thumbnail")
            #expect(visitors.status == .ok)
            #expect(Array(visitors.body.readableBytesView) == Array(owners.body.readableBytesView))
            for name in [HTTPField.Name.contentType, .eTag, .cacheControl, .xContentTypeOptions, .contentSecurityPolicy] {
                #expect(visitors.headers[name] == owners.headers[name], "\(name)")
            }
            #expect(visitors.header("X-Robots-Tag") == "noindex")
            let file = try await client.send(.get, "\(page)/items/\(picture.id)/file")
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "image/png")

            for stranger in [hidden.item.id, carols.item.id, UUID()] {
                #expect(try await client.send(.get, "\(page)/items/\(stranger)/file").status == .notFound)
                #expect(try await client.send(.get, "\(page)/items/\(stranger)/thumbnail").status == .notFound)
            }
            #expect(try await client.send(.get, "/w/\(elsewhere.slug)").status != .ok, "the owner's walls need a session")
            #expect(try await client.send(.get, "/v1/items/\(picture.id)/thumbnail").status == .unauthorized)
        }
    }

    @Test func theFeedParsesWithOneEntryPerCardNewestFirst() async throws {
        try await TestServer.run { _, client in
            let alice = try await client.signIn("alice")
            let titles = ["First <one>", "Second & \"two\"", "Third 'three' > second"]
            for (index, title) in titles.enumerated() {
                _ = try await client.shareLink("https://example.com/\(index)?a=1&b=2", token: alice, title: title, note: "Note ]]> \(index)")
            }
            let link = try await makeLink(client, wall: "inbox", token: alice)

            let feed = try await client.send(.get, try path(link) + "/feed.atom")

            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType]?.hasPrefix("application/atom+xml") == true)
            #expect(feed.header("X-Robots-Tag") == "noindex")
            let parsed = try AtomEntries.parse(Data(feed.body.readableBytesView))
            #expect(parsed.titles == titles.reversed())
            #expect(parsed.links == (0..<3).reversed().map { "https://example.com/\($0)?a=1&b=2" })
            #expect(parsed.feedTitle == "Inbox")
        }
    }

    @Test func aRevokedLinkAnswers404AtOnceEverywhere() async throws {
        try await TestServer.run { _, client in
            let alice = try await client.signIn("alice")
            let picture = try #require(try await client.shareFiles([("shot.png", try TestFiles.png())], token: alice).items?.first)
            _ = try await client.processedItem(picture.id, token: alice)
            let link = try await makeLink(client, wall: "inbox", token: alice)
            let page = try path(link)
            #expect(try await client.send(.get, page).status == .ok)

            let revoked = try await client.send(.delete, "/v1/walls/inbox/links/\(link.id)", token: alice)

            #expect(revoked.status == .noContent)
            for path in [page, page + "/feed.atom", "\(page)/items/\(picture.id)/thumbnail", "\(page)/items/\(picture.id)/file"] {
                #expect(try await client.send(.get, path).status == .notFound, "\(path)")
            }
            #expect(try await client.send(.get, page).header("X-Robots-Tag") == "noindex")
            #expect(try await client.send(.delete, "/v1/walls/inbox/links/\(link.id)", token: alice).status == .notFound)
            #expect(try await client.send(.get, "/v1/walls/inbox/links", token: alice).decode(SecretWallLinkList.self).links.isEmpty)
            #expect(try await client.send(.get, "/w/dl_madeUpSecret").status == .notFound)
        }
    }

    @Test func aMemberIsRefusedWith403AndAStrangerFindsNoWall() async throws {
        try await TestServer.run(users: ["alice", "bob", "carol"]) { _, client in
            let alice = try await client.signIn("alice")
            let bob = try await client.signIn("bob")
            let carol = try await client.signIn("carol")
            let trip = try await client.createWall("Trip", token: alice)
            _ = try await client.send(
                .post, "/v1/walls/\(trip.id)/members", token: alice, json: WallMemberRequest(username: "bob", role: .editor)
            )
            let link = try await makeLink(client, wall: trip.id.uuidString, token: alice)

            _ = try expectError(try await client.send(.post, "/v1/walls/\(trip.id)/links", token: bob), .forbidden, .forbidden)
            _ = try expectError(try await client.send(.get, "/v1/walls/\(trip.id)/links", token: bob), .forbidden, .forbidden)
            _ = try expectError(
                try await client.send(.delete, "/v1/walls/\(trip.id)/links/\(link.id)", token: bob), .forbidden, .forbidden
            )
            _ = try expectError(try await client.send(.post, "/v1/walls/\(trip.id)/links", token: carol), .notFound, .notFound)
            _ = try expectError(
                try await client.send(.delete, "/v1/walls/\(trip.id)/links/\(link.id)", token: carol), .notFound, .notFound
            )
            #expect(try await client.send(.post, "/v1/walls/\(trip.id)/links").status == .unauthorized)
            // Nothing changed: the one link still works and is the only one.
            let links = try await client.send(.get, "/v1/walls/\(trip.id)/links", token: alice).decode(SecretWallLinkList.self)
            #expect(links.links.map(\.id) == [link.id])
            #expect(try await client.send(.get, try path(link)).status == .ok)
        }
    }

    @Test func anIndexableLinkOnThePublicURLLeavesOutNoindex() async throws {
        try await TestServer.run(configure: { $0.publicURL = "https://wall.example.org/" }) { _, client in
            let alice = try await client.signIn("alice")
            let link = try await makeLink(client, wall: "inbox", token: alice, body: #"{"indexable": true}"#)

            #expect(link.indexable)
            #expect(link.url?.hasPrefix("https://wall.example.org/w/dl_") == true)
            let visit = try await client.send(.get, try path(link))
            #expect(visit.status == .ok)
            #expect(visit.header("X-Robots-Tag") == nil)
            #expect(!visit.text.contains("noindex"))
            let feed = try await client.send(.get, try path(link) + "/feed.atom")
            #expect(try AtomEntries.parse(Data(feed.body.readableBytesView)).selfLink == (link.url ?? "") + "/feed.atom")
            let refused = try await client.send(.post, "/v1/walls/inbox/links", token: alice, body: #"{"indexable": "yes"}"#)
            #expect(refused.status == .badRequest)
            #expect(try await client.send(.get, "/v1/walls/inbox/links", token: alice).decode(SecretWallLinkList.self).links.count == 1)
        }
    }

    @Test func aWallBeyondItsLinkCapAndABodyThatIsNotJSONAreRefusedAndChangeNothing() async throws {
        try await TestServer.run { _, client in
            let alice = try await client.signIn("alice")
            for _ in 0..<Limits.maxLinksPerWall { _ = try await makeLink(client, wall: "inbox", token: alice) }

            _ = try expectError(try await client.send(.post, "/v1/walls/inbox/links", token: alice), .conflict, .conflict)
            let form = try await client.send(
                .post, "/v1/walls/inbox/links", token: alice, body: "indexable=true",
                contentType: "application/x-www-form-urlencoded"
            )
            #expect(form.status == .unsupportedMediaType)
            let links = try await client.send(.get, "/v1/walls/inbox/links", token: alice).decode(SecretWallLinkList.self)
            #expect(links.links.count == Limits.maxLinksPerWall)
            #expect(try await client.send(.get, "/w/dl_%3Cb%3E").status == .notFound)
            #expect(try await client.send(.get, "/w/dl_" + String(repeating: "a", count: 200)).status == .notFound)
        }
    }

    @Test func aClientAddressBeyondItsBurstGets429WithRetryAfter() async throws {
        // The test server's rate-limit clock stands still, so no request is earned back.
        try await TestServer.run { _, client in
            for request in 1...Int(Limits.linkRequestBurst) {
                let response = try await client.send(.get, "/w/dl_unknown\(request)")
                try #require(response.status == .notFound, "request \(request)")
            }
            let limited = try await client.send(.get, "/w/dl_unknown")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter].flatMap(Int.init).map { $0 > 0 } == true)
            #expect(try await client.send(.get, "/w/dl_x/items/\(UUID())/thumbnail").status == .tooManyRequests)
        }
    }
}

/// What a test reads from an Atom feed, with Foundation's XMLParser (which fails on bad XML).
struct AtomEntries {
    var feedTitle: String?
    var selfLink: String?
    var titles: [String] = []
    var links: [String] = []

    static func parse(_ data: Data) throws -> AtomEntries {
        let delegate = AtomDelegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else { throw AtomParseError(detail: "\(parser.parserError.map { "\($0)" } ?? "?")") }
        return delegate.result
    }
}

/// The feed did not parse.
struct AtomParseError: Error {
    var detail: String
}

/// Collects feed and entry titles and entry links.
private final class AtomDelegate: NSObject, XMLParserDelegate {
    var result = AtomEntries()
    private var inEntry = false
    private var text: String?

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch element {
        case "entry": inEntry = true
        case "title": text = ""
        case "link" where inEntry: attributes["href"].map { result.links.append($0) }
        case "link" where attributes["rel"] == "self": result.selfLink = attributes["href"]
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "entry": inEntry = false
        case "title":
            if inEntry { result.titles.append(text ?? "") } else { result.feedTitle = text }
            text = nil
        default: break
        }
    }
}
