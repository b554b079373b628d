import Foundation
import WallCore

/// Reads the server's answer to a share, trusting a 2xx only when it is this server's
/// acknowledgement of this share (its body names the share's id): a network's sign-in page, a
/// proxy's maintenance page or a redirect followed to some other page also answer 200, and a
/// share taken as delivered on such an answer would be removed from the outbox unsent.
enum ShareAcknowledgement {
    private struct Naming: Decodable {
        var id: UUID
    }

    /// The share's answer: its response; `.unexpected` (delivered) when the body names the share
    /// but can't be read whole; `.offline` (kept, sent again: the id makes that safe) when it
    /// does not name it.
    static func read(_ response: HTTPResponseMessage, shareID: UUID) -> Result<ShareResponse, ShareError> {
        guard (try? WallJSON.decoder().decode(Naming.self, from: response.body))?.id == shareID else {
            return .failure(.offline(
                "The answer (HTTP \(response.status)) did not come from the wall's server (a network's sign-in page?); "
                    + "the share is kept and sent again."
            ))
        }
        return Result { try WallJSON.decoder().decode(ShareResponse.self, from: response.body) }
            .mapError { .unexpected(status: response.status, message: "The answer could not be read: \($0)") }
    }
}
