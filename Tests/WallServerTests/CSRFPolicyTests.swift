import Testing
@testable import WallServer

/// The web wall's CSRF rules on plain values: which requests are checked how, and which a
/// wrong or missing token gets refused.
@Suite struct CSRFPolicyTests {
    static let policies: [CSRFPolicy] = [.pages, .shareTarget, .sharePage]

    @Test("A request that changes nothing is never checked nor refused", arguments: policies)
    func safeMethodsAreNotChecked(policy: CSRFPolicy) {
        for multipart in [false, true] {
            let check = policy.check(isSafeMethod: true, isMultipart: multipart)
            #expect(check == .none)
            #expect(!policy.refuses(check, verified: false))
        }
    }

    @Test("The pages read every body, multipart included, and refuse a wrong token")
    func pagesReadEveryBodyAndRefuse() {
        for multipart in [false, true] {
            let check = CSRFPolicy.pages.check(isSafeMethod: false, isMultipart: multipart)
            #expect(check == .body)
            #expect(CSRFPolicy.pages.refuses(check, verified: false))
            #expect(!CSRFPolicy.pages.refuses(check, verified: true))
        }
    }

    @Test("The pages never ask whether a body is multipart")
    func pagesDoNotSniffTheBody() {
        var asked = false
        _ = CSRFPolicy.pages.check(isSafeMethod: false, isMultipart: { asked = true; return true }())
        #expect(!asked)
    }

    @Test("The share target leaves a multipart body to the route and passes what fails the check, unverified")
    func shareTargetPassesUnverified() {
        let policy = CSRFPolicy.shareTarget
        #expect(policy.check(isSafeMethod: false, isMultipart: true) == .headerOnly)
        #expect(!policy.refuses(.headerOnly, verified: false))
        #expect(policy.check(isSafeMethod: false, isMultipart: false) == .body)
        #expect(!policy.refuses(.body, verified: false))
    }

    @Test("The share page leaves a multipart body to the route, but refuses any other body with a wrong token")
    func sharePageChecksOtherBodies() {
        let policy = CSRFPolicy.sharePage
        #expect(policy.check(isSafeMethod: false, isMultipart: true) == .headerOnly)
        #expect(!policy.refuses(.headerOnly, verified: false), "the route checks the streamed _csrf field")
        #expect(policy.check(isSafeMethod: false, isMultipart: false) == .body)
        #expect(policy.refuses(.body, verified: false))
        #expect(!policy.refuses(.body, verified: true))
    }
}
