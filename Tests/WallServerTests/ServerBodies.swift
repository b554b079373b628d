import Foundation
import WallCore

// Bodies whose types the server module keeps to itself, decoded by shape.

/// `GET /v1/me`.
struct MeBody: Decodable {
    var user: User
    var tokenId: UUID
}

/// `GET /v1/tokens`.
struct TokenListBody: Decodable {
    var tokens: [TokenInfo]
}

/// `GET /v1/walls`.
struct WallListBody: Decodable {
    var walls: [Wall]
}
