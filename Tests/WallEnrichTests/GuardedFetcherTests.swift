import Foundation
import Testing
import WallCore
@testable import WallEnrich

/// The guarded fetcher against a real HTTP server on 127.0.0.3, which the test policy exempts;
/// every other loopback, private and metadata address stays refused, and each refusal happens
/// before any connection is made.
@Suite(.serialized) struct GuardedFetcherTests {
    static let fixtureAddress = IPAddress(FixtureServer.host)!

    func withServer(
        timeout: Duration = Limits.fetchTimeout, _ body: (FixtureServer, GuardedFetcher) async throws -> Void
    ) async throws {
        let server = try await FixtureServer(routes: FixtureRoutes.reply)
        let fetcher = GuardedFetcher(
            policy: AddressPolicy(exempt: [Self.fixtureAddress]),
            resolver: FixedHostResolver(["intranet.example": [IPAddress("10.0.0.7")!], "fixture.test": [Self.fixtureAddress]]),
            timeout: timeout
        )
        do {
            try await body(server, fetcher)
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    func refusal(_ fetcher: GuardedFetcher, _ url: URL, as kind: FetchKind = .page) async -> FetchError? {
        do {
            _ = try await fetcher.fetch(url, as: kind)
            return nil
        } catch {
            return error as? FetchError
        }
    }

    @Test func fetchesAPageAndReadsIt() async throws {
        try await withServer { server, fetcher in
            let page = try await fetcher.fetch(server.url("/article.html"), as: .page)
            #expect(page.mediaType == "text/html")
            #expect(page.charset == "utf-8")
            #expect(String(decoding: page.body, as: UTF8.self).contains("Rivers of the North"))
        }
    }

    @Test func connectsToTheCheckedAddressNotASecondLookup() async throws {
        // "fixture.test" exists only in the test resolver: the connection can reach the server
        // only if it goes to the address the fetcher checked, with no lookup of its own.
        try await withServer { server, fetcher in
            let page = try await fetcher.fetch(URL(string: "http://fixture.test:\(server.port)/article.html")!, as: .page)
            #expect(page.finalURL.host() == "fixture.test")
            #expect(!page.body.isEmpty)
        }
    }

    @Test func followsARedirectChainOfFiveAndRefusesASixth() async throws {
        try await withServer { server, fetcher in
            let page = try await fetcher.fetch(server.url("/chain/5"), as: .page)
            #expect(page.finalURL == server.url("/chain/0"))
            let tooLong = await refusal(fetcher, server.url("/chain/6"))
            #expect(tooLong == .permanent("the site redirected more than 5 times"))
            #expect(await refusal(fetcher, server.url("/loop")) == .permanent("the site redirected more than 5 times"))
        }
    }

    @Test func refusesRedirectsToLoopbackMetadataMappedLocalhostAndIntranetNames() async throws {
        try await withServer { server, fetcher in
            let loopback = await refusal(fetcher, server.url("/to-loopback"))
            #expect(loopback?.reason.contains("refused to fetch 127.0.0.1: it is a loopback address") == true)
            let metadata = await refusal(fetcher, server.url("/to-metadata"))
            #expect(metadata?.reason.contains("169.254.169.254") == true)
            #expect(metadata?.reason.contains("link-local") == true)
            let mapped = await refusal(fetcher, server.url("/to-mapped"))
            #expect(mapped?.reason.contains("IPv6 form of a loopback address") == true)
            let localhost = await refusal(fetcher, server.url("/to-localhost"))
            #expect(localhost?.reason.contains("refused to fetch localhost") == true)
            let intranet = await refusal(fetcher, server.url("/to-intranet"))
            #expect(intranet == .permanent("refused to fetch intranet.example: it is a private address (10.0.0.0/8) (10.0.0.7)"))
            let file = await refusal(fetcher, server.url("/to-file"))
            #expect(file == .permanent("only http and https links can be previewed"))
        }
    }

    @Test func refusesPrivateTargetsDirectlyByDefault() async throws {
        let fetcher = GuardedFetcher()
        for url in ["http://127.0.0.1:9/", "http://localhost:9/", "http://169.254.169.254/", "http://[::1]:9/",
                    "http://10.0.0.1/", "http://0.0.0.0:9/", "ftp://example.com/", "http:///nohost"] {
            let error = await refusal(fetcher, URL(string: url)!)
            #expect(error?.isTransient == false, "\(url) must be refused for good, got \(String(describing: error))")
        }
    }

    @Test func capsBodiesByKind() async throws {
        // The caps are about size, not time: a fetch timeout far above the default keeps a
        // loaded machine (the suite runs the attack tests beside this) from turning a refused
        // 5 MB body into a timeout.
        try await withServer(timeout: .seconds(120)) { server, fetcher in
            #expect(await refusal(fetcher, server.url("/huge.html")) == .permanent("the page is larger than 5 MB"))
            #expect(await refusal(fetcher, server.url("/huge-chunked.html")) == .permanent("the page is larger than 5 MB"))
            #expect(await refusal(fetcher, server.url("/huge.png"), as: .image) == .permanent("the image is larger than 10 MB"))
        }
    }

    @Test func checksTheContentType() async throws {
        try await withServer { server, fetcher in
            #expect(await refusal(fetcher, server.url("/pdf")) == .permanent("the link is not a web page (it is application/pdf)"))
            #expect(await refusal(fetcher, server.url("/untyped")) == .permanent("the link is not a web page (it is untyped)"))
            let xhtml = try await fetcher.fetch(server.url("/xhtml"), as: .page)
            #expect(xhtml.mediaType == "application/xhtml+xml")
            let png = try await fetcher.fetch(server.url("/image.png"), as: .image)
            #expect(png.body == FixtureRoutes.png)
            #expect(await refusal(fetcher, server.url("/image-as-html"), as: .image) == .permanent("the link is not an image (it is text/html)"))
            #expect(await refusal(fetcher, server.url("/image.svg"), as: .image) == .permanent("the link is not an image (it is image/svg+xml)"))
        }
    }

    @Test func anImageMustBeWhatItsBytesSay() async throws {
        try await withServer { server, fetcher in
            let enricher = LinkEnricher(fetcher: fetcher)
            let image = try await enricher.fetchImage(server.url("/image.png"))
            #expect(image.mediaType == "image/png")
            do {
                _ = try await enricher.fetchImage(server.url("/html-as-png"))
                Issue.record("a page labelled image/png must be refused")
            } catch let error as FetchError {
                #expect(error == .permanent("the image's bytes are not a PNG, JPEG, GIF, WebP, AVIF or icon"))
            }
        }
        #expect(ImageSniffer.mediaType(of: Array("GIF89a....".utf8)) == "image/gif")
        #expect(ImageSniffer.mediaType(of: [0xFF, 0xD8, 0xFF, 0xE0]) == "image/jpeg")
        #expect(ImageSniffer.mediaType(of: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == "image/webp")
        #expect(ImageSniffer.mediaType(of: Array("<svg>".utf8)) == nil)
        #expect(ImageSniffer.mediaType(of: []) == nil)
    }

    @Test func tellsTransientFromPermanentStatuses() async throws {
        try await withServer { server, fetcher in
            #expect(await refusal(fetcher, server.url("/missing")) == .permanent("the site answered 404"))
            #expect(await refusal(fetcher, server.url("/unavailable")) == .transient("the site answered 503"))
            #expect(await refusal(fetcher, server.url("/redirect-no-location")) == .permanent("the site answered 301 without saying where to go"))
        }
    }

    @Test func givesUpOnASlowDripAtTheDeadline() async throws {
        // The drip would take 20 s; the deadline here is 1 s (the real one is Limits.fetchTimeout).
        try await withServer(timeout: .seconds(1)) { server, fetcher in
            let started = ContinuousClock.now
            let error = await refusal(fetcher, server.url("/drip.html"))
            #expect(error == .transient("the site took longer than 1 seconds to answer"))
            // Cut off, not read to the end: a generous bound well short of the drip's 20 s, so a
            // busy machine cannot fail it.
            #expect(ContinuousClock.now - started < .seconds(12))
        }
        #expect(GuardedFetcher().timeout == .seconds(10))
    }

    @Test func allowingPrivateFetchesReachesLoopback() async throws {
        let server = try await FixtureServer(routes: FixtureRoutes.reply)
        let open = GuardedFetcher(policy: AddressPolicy(allowsPrivate: true))
        let page = try await open.fetch(server.url("/article.html"), as: .page)
        #expect(page.finalURL.host() == FixtureServer.host)
        let closed = await refusal(GuardedFetcher(), server.url("/article.html"))
        #expect(closed?.reason.contains("it is a loopback address") == true)
        try await server.stop()
    }

    @Test func sendsAClearUserAgent() async throws {
        try await withServer { server, fetcher in
            let page = try await fetcher.fetch(server.url("/user-agent"), as: .page)
            #expect(String(decoding: page.body, as: UTF8.self) == GuardedFetcher.userAgent)
            #expect(GuardedFetcher.userAgent.hasPrefix("DigitalWall-LinkPreview/"))
        }
    }
}
