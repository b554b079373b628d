import Hummingbird
import Testing
@testable import WallServer

/// `Authorization: Bearer <token>` is read the same whether it takes the byte-by-byte way or not.
@Suite struct BearerTokenTests {
    @Test func readsTokensAsTheWordByWordReadingDoes() {
        let cases: [(String, String?)] = [
            ("Bearer dw_abc123", "dw_abc123"), ("bearer dw_abc123", "dw_abc123"), ("BEARER  dw_abc123 ", "dw_abc123"),
            ("Bearer ", nil), ("Bearer", nil), ("Basic dw_abc123", nil), ("Bearer a b", "a b"), ("  Bearer x", "x"),
            ("Bearer\tx", nil), ("Bearer é", "é"), ("Bearer x\u{7F}", "x\u{7F}"), ("", nil),
        ]
        for (header, token) in cases {
            #expect(Request.bearerToken(in: header) == token, "\(header.debugDescription)")
        }
    }
}
