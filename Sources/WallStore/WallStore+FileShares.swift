import Foundation
import WallCore

extension WallStore {
    /// Stores a multipart share without follow-up jobs.
    public func saveFileShare(_ share: ValidFileShare, userID: UUID) async throws -> [ShareOutcome] {
        try await saveFileShare(share, userID: userID, followUps: .none)
    }
}
