import Foundation
import ShareKit
import Testing

/// Plain http only to a server on the person's own network.
@MainActor
@Suite struct LocalNetworkHostTests {
    @Test func localAddressesAndNamesAreLocal() {
        for host in ["192.168.1.5", "10.0.0.2", "172.16.0.1", "172.31.255.254", "127.0.0.1", "169.254.10.1", "100.64.0.1",
                     "::1", "[::1]", "fd12:3456:789a::1", "fe80::1%en0", "wall.local", "NAS.LOCAL", "nas", "raspberrypi"] {
            #expect(LocalNetworkHost.contains(host), "\(host)")
        }
    }

    @Test func theInternetIsNot() {
        for host in ["wall.example.com", "8.8.8.8", "172.32.0.1", "192.169.0.1", "100.128.0.1", "2001:db8::1", "1.2.3",
                     "256.1.1.1", ".local", "", "evil.local.example.com", "wall_1"] {
            #expect(!LocalNetworkHost.contains(host), "\(host)")
        }
    }

    @Test func signInRefusesPlainHTTPBeyondTheLocalNetworkAndSaysWhy() {
        let model = SignInModel(store: MemoryCredentialStore(), transport: SignInModelTests.transport(), tokenLabel: "iPhone")
        model.server = "http://192.168.1.5:8080"
        #expect(model.serverURL?.absoluteString == "http://192.168.1.5:8080" && model.serverProblem == nil)
        model.server = "http://wall.example.com"
        #expect(model.serverURL == nil)
        #expect(model.serverProblem?.contains("Use https://wall.example.com instead.") == true)
        model.server = "wall.example.com"
        #expect(model.serverURL?.absoluteString == "https://wall.example.com" && model.serverProblem == nil)
    }
}
