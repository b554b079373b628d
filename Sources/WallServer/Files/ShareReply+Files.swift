import Foundation
import WallCore
import WallStore

extension ShareReply {
    /// The answer to a multi-file share: the first item as `item`, all of them as `items`;
    /// 201 when any item is new, 200 when the whole share was a replay.
    static func files(shareID: UUID, outcomes: [ShareOutcome]) -> WrittenJSON<ShareResponse> {
        let created = outcomes.first { $0.kind == .created } ?? outcomes[0]
        var written = ShareReply(shareID: shareID, outcome: created).json
        written.value.item = outcomes[0].item
        written.value.items = outcomes.map(\.item)
        if outcomes.count > 1 {
            written.value.message = created.kind == .created ? "Saved \(outcomes.count) files." : "Already saved."
        }
        return written
    }
}
