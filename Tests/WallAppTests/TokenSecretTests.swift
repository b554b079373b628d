import Testing
import WallApp

/// A token is kept as the hex SHA-256 of its text, the form tokens already stored were written in.
@Suite struct TokenSecretTests {
    @Test func hashIsTheHexSHA256OfTheToken() {
        #expect(TokenSecret.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(TokenSecret.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func newTokensHashToDistinctKeys() {
        let token = TokenSecret.generate()
        #expect(token.hasPrefix("dw_"))
        #expect(TokenSecret.hash(token).count == 64)
        #expect(TokenSecret.hash(token) != TokenSecret.hash(TokenSecret.generate()))
    }
}
