import Testing
@testable import WallEnrich

@Suite struct AddressPolicyTests {
    let policy = AddressPolicy()

    @Test(arguments: [
        "127.0.0.1", "127.9.9.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "100.64.0.1",
        "100.127.255.254", "169.254.169.254", "169.254.0.1", "0.0.0.0", "224.0.0.1", "239.255.255.250",
        "255.255.255.255", "::", "::1", "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1",
        "::ffff:127.0.0.1", "::ffff:169.254.169.254", "::ffff:10.0.0.1", "::ffff:192.168.0.1",
        "64:ff9b::a9fe:a9fe", "2002:7f00:1::1", "[::1]", "fe80::1%eth0",
        "64:ff9b:1::a9fe:a9fe", "64:ff9b:1:ffff::1", "2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    ])
    func refusesNonPublicAddresses(_ text: String) throws {
        let address = try #require(IPAddress(text))
        #expect(policy.refusal(for: address) != nil, "\(text) must be refused")
    }

    @Test(arguments: ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:8.8.8.8", "2001:4860:4860::8888", "64:ff9b:2::1"])
    func allowsPublicAddresses(_ text: String) throws {
        #expect(policy.refusal(for: try #require(IPAddress(text))) == nil)
    }

    @Test func privateFetchingIsOffByDefault() throws {
        #expect(AddressPolicy().allowsPrivate == false)
        #expect(GuardedFetcher().policy.allowsPrivate == false)
        #expect(GuardedFetcher().policy.exempt.isEmpty)
    }

    @Test func allowingPrivateStillRefusesUnspecifiedAndMulticast() throws {
        let open = AddressPolicy(allowsPrivate: true)
        #expect(open.refusal(for: try #require(IPAddress("10.0.0.1"))) == nil)
        #expect(open.refusal(for: try #require(IPAddress("127.0.0.1"))) == nil)
        #expect(open.refusal(for: try #require(IPAddress("0.0.0.0"))) != nil)
        #expect(open.refusal(for: try #require(IPAddress("ff02::1"))) != nil)
    }

    @Test func namesTheRangeInTheReason() throws {
        #expect(policy.refusal(for: try #require(IPAddress("169.254.169.254")))?.contains("link-local") == true)
        #expect(policy.refusal(for: try #require(IPAddress("::ffff:127.0.0.1")))?.contains("IPv6 form of a loopback") == true)
    }

    @Test func parsesOnlyAddresses() {
        #expect(IPAddress("example.com") == nil)
        #expect(IPAddress("1.2.3") == nil)
        #expect(IPAddress("::ffff:127.0.0.1")?.description == "::ffff:127.0.0.1")
        #expect(IPAddress("10.0.0.1")?.description == "10.0.0.1")
    }
}
