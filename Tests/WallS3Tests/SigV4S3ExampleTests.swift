import Foundation
import Testing
import WallS3

/// The signer against the worked examples of Amazon S3's SigV4 documentation
/// (`Fixtures/s3-examples`): a GET with `Range`, a PUT of a key with `$`, a sub-resource query
/// (`?lifecycle`) and a listing's query, signed with `x-amz-content-sha256`.
@Suite struct SigV4S3ExampleTests {
    static let vectors = SigV4Vector.all(in: "s3-examples")
    static let signer = SigV4Signer(
        credentials: .init(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1", service: "s3"
    )

    @Test func theExamplesAreThere() {
        #expect(Self.vectors.map(\.name) == ["get-bucket-lifecycle", "get-object-range", "list-objects", "put-object"])
    }

    @Test(arguments: vectors) func canonicalRequest(_ vector: SigV4Vector) {
        #expect(SigV4Signer.canonicalRequest(vector.request) == vector.canonicalRequest)
    }

    @Test(arguments: vectors) func stringToSign(_ vector: SigV4Vector) {
        #expect(Self.signer.stringToSign(for: vector.request, at: vector.date) == vector.stringToSign)
    }

    @Test(arguments: vectors) func authorization(_ vector: SigV4Vector) {
        #expect(Self.signer.sign(vector.request, at: vector.date).header("authorization") == vector.authorization)
    }

    @Test func theSignedPayloadHashIsTheBodysAndUnsignedPayloadIsSignedAsSuch() throws {
        let put = try #require(Self.vectors.first { $0.name == "put-object" })
        #expect(put.request.payloadHash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        var unsigned = put.request
        unsigned.payloadHash = SigV4Signer.unsignedPayload
        unsigned.setHeader("x-amz-content-sha256", SigV4Signer.unsignedPayload)
        let canonical = SigV4Signer.canonicalRequest(unsigned)
        #expect(canonical.hasSuffix("\nUNSIGNED-PAYLOAD"))
        #expect(canonical.contains("x-amz-content-sha256:UNSIGNED-PAYLOAD\n"))
        #expect(Self.signer.signature(for: unsigned, at: put.date) != Self.signer.signature(for: put.request, at: put.date))
    }

    @Test func aKeyIsEncodedOnceWithItsSlashesKept() {
        #expect(SigV4Signer.canonicalURI("/photos/été 2013/a+b (1)~x_y-z.jpg") == "/photos/%C3%A9t%C3%A9%202013/a%2Bb%20%281%29~x_y-z.jpg")
        #expect(SigV4Signer.canonicalURI("/already%20encoded") == "/already%2520encoded")
        #expect(SigV4Signer.canonicalQuery([.init("prefix", "a/b c"), .init("list-type", "2")]) == "list-type=2&prefix=a%2Fb%20c")
    }

    @Test func aSessionTokenIsSentAndSigned() throws {
        let get = try #require(Self.vectors.first { $0.name == "get-object-range" })
        var withToken = Self.signer
        withToken.credentials.sessionToken = "token/with+chars"
        let signed = withToken.sign(get.request, at: get.date)
        #expect(signed.header("x-amz-security-token") == "token/with+chars")
        #expect(signed.header("authorization")?.contains("SignedHeaders=host;range;x-amz-content-sha256;x-amz-date;x-amz-security-token,") == true)
    }
}
