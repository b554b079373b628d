import Foundation
import Testing
import WallS3

/// The signer against AWS's Signature Version 4 test suite (`Fixtures/sigv4-suite`): every step,
/// canonical request, string to sign and `Authorization`, must match byte for byte.
@Suite struct SigV4SuiteTests {
    static let vectors = SigV4Vector.all(in: "sigv4-suite")
    static let token = vectors.first { $0.name == "post-sts-header-before" }?.request.header("x-amz-security-token")

    func signer(for vector: SigV4Vector) -> SigV4Signer {
        let token = vector.request.header("x-amz-security-token")
        return SigV4Signer(
            credentials: .init(
                accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: token
            ),
            region: "us-east-1", service: "service"
        )
    }

    @Test func theSuiteIsThere() {
        #expect(Self.vectors.count == 18)
        #expect(Self.token?.hasPrefix("AQoDYXdzEPT") == true)
    }

    @Test(arguments: vectors) func canonicalRequest(_ vector: SigV4Vector) {
        #expect(SigV4Signer.canonicalRequest(vector.request) == vector.canonicalRequest)
    }

    @Test(arguments: vectors) func stringToSign(_ vector: SigV4Vector) {
        #expect(signer(for: vector).stringToSign(for: vector.request, at: vector.date) == vector.stringToSign)
    }

    @Test(arguments: vectors) func authorization(_ vector: SigV4Vector) {
        let signed = signer(for: vector).sign(vector.request, at: vector.date)
        #expect(signed.header("authorization") == vector.authorization)
    }

    @Test func aChangedSecretOrDayChangesTheSignature() throws {
        let vector = try #require(Self.vectors.first { $0.name == "get-vanilla" })
        var wrong = signer(for: vector)
        wrong.credentials.secretAccessKey += "x"
        #expect(wrong.sign(vector.request, at: vector.date).header("authorization") != vector.authorization)
        let nextDay = vector.date.addingTimeInterval(86_400)
        #expect(signer(for: vector).signature(for: vector.request, at: nextDay) != signer(for: vector).signature(for: vector.request, at: vector.date))
    }
}
