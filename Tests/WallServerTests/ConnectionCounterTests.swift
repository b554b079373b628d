import Testing
@testable import WallServer

/// How connections are counted per client address for `--max-connections-per-address`.
@Suite struct ConnectionCounterTests {
    @Test func anAddressIsRefusedPastItsLimitUntilOneOfItsConnectionsCloses() {
        let counter = ConnectionCounter(limit: 2)
        let one = ConnectionCounter.key("192.0.2.1")
        #expect(counter.admit(one) && counter.admit(one))
        #expect(!counter.admit(one))
        #expect(counter.count(one) == 2, "a refusal counts nothing")
        #expect(counter.admit(ConnectionCounter.key("192.0.2.2")), "another address has its own count")
        counter.release(one)
        #expect(counter.admit(one))
    }

    @Test func ipv6AddressesCountByTheirSlash64() {
        let a = ConnectionCounter.key("2001:db8:1:2::1")
        let b = ConnectionCounter.key("2001:db8:1:2:ffff:ffff:ffff:ffff")
        let otherNetwork = ConnectionCounter.key("2001:db8:1:3::1")
        #expect(a == b)
        #expect(a != otherNetwork)
    }

    @Test func anIPv4MappedAddressCountsAsItsIPv4Address() {
        #expect(ConnectionCounter.key("::ffff:192.0.2.1") == ConnectionCounter.key("192.0.2.1"))
        #expect(ConnectionCounter.key("::ffff:192.0.2.1") != ConnectionCounter.key("::ffff:192.0.2.2"))
    }
}
