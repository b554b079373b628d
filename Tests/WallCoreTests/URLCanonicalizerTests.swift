import Testing
import WallCore

@Suite struct URLCanonicalizerTests {
    // MARK: Helpers

    private func canonical(_ raw: String) throws -> String {
        try URLCanonicalizer.canonicalize(raw).canonical
    }

    // MARK: Exact canonical forms

    @Test(arguments: [
        // scheme and host lower-cased, path case kept
        ("HTTPS://Example.COM/Path", "https://example.com/Path"),
        ("HtTp://WWW.Example.org/a/B/c", "http://www.example.org/a/B/c"),
        // default ports dropped
        ("http://example.com:80/a", "http://example.com/a"),
        ("https://example.com:443/a", "https://example.com/a"),
        ("http://Example.com:80", "http://example.com/"),
        // trailing dot on the host dropped
        ("https://example.com./a", "https://example.com/a"),
        ("https://Example.COM.:8443/a", "https://example.com:8443/a"),
        // fragment dropped
        ("https://example.com/a#section-2", "https://example.com/a"),
        ("https://example.com/a#", "https://example.com/a"),
        // trailing slash removed, root kept, empty path becomes "/"
        ("https://example.com/a/", "https://example.com/a"),
        ("https://example.com/a/b//", "https://example.com/a/b"),
        ("https://example.com/a/?id=1", "https://example.com/a?id=1"),
        ("https://example.com/", "https://example.com/"),
        ("https://example.com", "https://example.com/"),
        ("https://example.com?id=1", "https://example.com/?id=1"),
        // surrounding whitespace trimmed
        ("  \t https://example.com/a \n", "https://example.com/a"),
    ])
    func canonicalForm(raw: String, expected: String) throws {
        #expect(try canonical(raw) == expected)
    }

    // MARK: Ports

    @Test(arguments: [
        ("http://example.com:8080/a", "http://example.com:8080/a"),
        ("https://example.com:8443/a", "https://example.com:8443/a"),
        // 443 is only default for https, 80 only for http
        ("http://example.com:443/a", "http://example.com:443/a"),
        ("https://example.com:80/a", "https://example.com:80/a"),
    ])
    func nonDefaultPortIsKept(raw: String, expected: String) throws {
        #expect(try canonical(raw) == expected)
    }

    // MARK: Fragments

    @Test(arguments: [
        "https://example.com/#!/inbox/42",
        "https://example.com/app#/settings/profile",
        "https://example.com/#!",
    ])
    func clientSideRouteFragmentIsKept(raw: String) throws {
        #expect(try canonical(raw) == raw)
    }

    @Test func clientSideRouteSurvivesTrackingRemoval() throws {
        let result = try canonical("https://Example.com/app/?utm_source=feed#/items/7")
        #expect(result == "https://example.com/app#/items/7")
    }

    // MARK: Tracking parameters

    @Test(arguments: URLCanonicalizer.trackingParameters.sorted())
    func everyTrackingParameterIsRemoved(name: String) throws {
        let result = try canonical("https://example.com/page?id=7&\(name)=abc&lang=en")
        #expect(result == "https://example.com/page?id=7&lang=en")
    }

    @Test(arguments: [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "ttclid", "igshid",
        "mc_cid", "mc_eid", "_ga", "_gl", "_hsenc", "_hsmi", "mkt_tok", "vero_id", "oly_anon_id", "oly_enc_id",
        "li_fat_id", "s_cid", "spm", "ref_src",
    ])
    func wellKnownClickIDsAreTrackingParameters(name: String) {
        #expect(URLCanonicalizer.trackingParameters.contains(name))
        #expect(URLCanonicalizer.isTrackingParameter(name))
    }

    @Test(arguments: ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "utm_id", "utm_whatever"])
    func utmParametersAreRemoved(name: String) throws {
        let result = try canonical("https://example.com/page?\(name)=x&q=swift")
        #expect(result == "https://example.com/page?q=swift")
    }

    @Test(arguments: ["UTM_Source", "FBCLID", "GClid", "utm%5Fsource"])
    func trackingParameterNamesMatchIgnoringCaseAndEscapes(name: String) throws {
        #expect(URLCanonicalizer.isTrackingParameter(name))
        #expect(try canonical("https://example.com/?\(name)=1&keep=2") == "https://example.com/?keep=2")
    }

    @Test(arguments: ["id", "ref", "q", "utm", "source", "page", "fbclid_x", "xutm_source"])
    func ordinaryParameterIsNotTracking(name: String) throws {
        #expect(!URLCanonicalizer.isTrackingParameter(name))
        #expect(try canonical("https://example.com/?\(name)=1") == "https://example.com/?\(name)=1")
    }

    @Test func otherParametersKeepTheirOrderAndValues() throws {
        let result = try canonical(
            "https://example.com/search?z=last&utm_source=news&a=first&gclid=123&m=a+b&flag&fbclid=x&empty="
        )
        #expect(result == "https://example.com/search?z=last&a=first&m=a+b&flag&empty=")
    }

    @Test(arguments: [
        ("https://example.com/a?utm_source=x&utm_medium=y&fbclid=z", "https://example.com/a"),
        ("https://example.com/a?gclid=1#/route", "https://example.com/a#/route"),
        ("https://example.com/a?", "https://example.com/a"),
        ("https://example.com/?", "https://example.com/"),
    ])
    func emptyQueryIsDropped(raw: String, expected: String) throws {
        #expect(try canonical(raw) == expected)
    }

    // MARK: Escaping

    @Test func spacesAndNonASCIIAreEscapedInBothForms() throws {
        let result = try URLCanonicalizer.canonicalize("https://example.com/caf\u{E9} cr\u{E8}me?q=a b")
        #expect(result.original == "https://example.com/caf%C3%A9%20cr%C3%A8me?q=a%20b")
        #expect(result.canonical == "https://example.com/caf%C3%A9%20cr%C3%A8me?q=a%20b")
    }

    @Test func unsafeASCIIIsEscaped() throws {
        let result = try URLCanonicalizer.canonicalize("https://example.com/a\"b<c>d|e")
        #expect(result.original == "https://example.com/a%22b%3Cc%3Ed%7Ce")
        #expect(result.canonical == "https://example.com/a%22b%3Cc%3Ed%7Ce")
    }

    @Test func alreadyEscapedCharactersAreNotEscapedTwice() throws {
        #expect(try canonical("https://example.com/a%20b") == "https://example.com/a%20b")
    }

    // MARK: The original form

    @Test func originalIsTrimmedAndEscapedButOtherwiseAsShared() throws {
        let result = try URLCanonicalizer.canonicalize("  HTTPS://Example.COM:443/A b/?utm_source=x#frag \n")
        #expect(result.original == "HTTPS://Example.COM:443/A%20b/?utm_source=x#frag")
        #expect(result.canonical == "https://example.com/A%20b")
    }

    // MARK: Equivalence

    @Test(arguments: [
        ("https://example.com/a", "HTTPS://EXAMPLE.COM/a"),
        ("https://example.com/a", "https://example.com:443/a"),
        ("http://example.com/a", "http://example.com:80/a"),
        ("https://example.com/a", "https://example.com/a#top"),
        ("https://example.com/a", "https://example.com/a/"),
        ("https://example.com/a?id=1", "https://example.com/a?utm_source=x&id=1&fbclid=abc"),
        ("https://example.com/a", "https://example.com/a?utm_medium=email"),
        ("https://example.com/a", " https://example.com/a\n"),
        ("https://example.com/a", "https://example.com./a"),
        ("https://example.com/", "https://example.com"),
        ("https://example.com/a%20b", "https://example.com/a b"),
        ("https://example.com/a?x=1&y=2", "\tHTTPS://Example.Com.:443/a/?utm_campaign=c&x=1&gclid=g&y=2#comments "),
    ])
    func equivalentLinksCanonicaliseEqual(first: String, second: String) throws {
        #expect(try canonical(first) == canonical(second))
    }

    @Test(arguments: [
        ("https://example.com/a", "https://example.com/b"),
        ("https://example.com/a", "https://example.com/A"),
        ("https://example.com/a", "https://example.com/a/b"),
        ("https://example.com/a?id=1", "https://example.com/a?id=2"),
        ("https://example.com/a?id=1", "https://example.com/a"),
        ("https://example.com/a?x=1&y=2", "https://example.com/a?y=2&x=1"),
        ("https://example.com/a?ref=x", "https://example.com/a"),
        ("http://example.com/a", "https://example.com/a"),
        ("https://example.com/a", "https://example.com:8443/a"),
        ("https://example.com/a", "https://www.example.com/a"),
        ("https://example.com/#/inbox", "https://example.com/#/archive"),
        ("https://example.com/#/inbox", "https://example.com/"),
    ])
    func differentLinksStayDifferent(first: String, second: String) throws {
        #expect(try canonical(first) != canonical(second))
    }

    @Test func canonicalisingIsIdempotent() throws {
        let once = try canonical("HTTP://Example.com:80/a b/?utm_source=x&k=v#x")
        #expect(try canonical(once) == once)
    }

    // MARK: Refusals

    @Test(arguments: [
        ("javascript:alert(document.cookie)", "javascript"),
        ("JavaScript:alert(1)", "javascript"),
        ("data:text/html,<script>alert(1)</script>", "data"),
        ("file:///etc/passwd", "file"),
        ("ftp://example.com/pub/file.txt", "ftp"),
        ("mailto:someone@example.com", "mailto"),
    ])
    func nonHTTPSchemesAreRefused(raw: String, scheme: String) {
        let error = #expect(throws: ValidationError.self) { try URLCanonicalizer.canonicalize(raw) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "url")
        #expect(error?.message.contains("http or https") == true)
        #expect(error?.message.contains("\(scheme):") == true)
    }

    @Test(arguments: ["example.com", "www.example.com/page?x=1", "/relative/path", "//example.com/a", "just some words"])
    func schemelessStringsAreRefused(raw: String) {
        let error = #expect(throws: ValidationError.self) { try URLCanonicalizer.canonicalize(raw) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "url")
        #expect(error?.message.hasPrefix("url ") == true)
    }

    @Test(arguments: ["https://", "http:///path", "https://:443/a", "https://./a"])
    func linkWithoutHostIsRefused(raw: String) {
        let error = #expect(throws: ValidationError.self) { try URLCanonicalizer.canonicalize(raw) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "url")
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func emptyLinkIsMissing(raw: String) {
        let error = #expect(throws: ValidationError.self) { try URLCanonicalizer.canonicalize(raw) }
        #expect(error?.code == .missingField)
        #expect(error?.field == "url")
    }

    @Test func linkAtTheLengthLimitIsAccepted() throws {
        let prefix = "https://example.com/"
        let raw = prefix + String(repeating: "a", count: Limits.maxURLLength - prefix.count)
        #expect(raw.count == Limits.maxURLLength)
        #expect(try canonical(raw) == raw)
    }

    @Test func tooLongLinkIsRefused() {
        let prefix = "https://example.com/"
        let raw = prefix + String(repeating: "a", count: Limits.maxURLLength - prefix.count + 1)
        let error = #expect(throws: ValidationError.self) { try URLCanonicalizer.canonicalize(raw) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "url")
        #expect(error?.message.contains("\(Limits.maxURLLength)") == true)
    }

    @Test func errorsNameTheGivenField() {
        let error = #expect(throws: ValidationError.self) {
            try URLCanonicalizer.canonicalize("ftp://example.com", field: "link")
        }
        #expect(error?.field == "link")
        #expect(error?.message.hasPrefix("link ") == true)
    }
}
