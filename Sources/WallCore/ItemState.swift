/// Where an item is in its processing after the save.
public enum ItemState: String, Codable, Sendable, CaseIterable {
    /// Stored; enrichment has not finished yet.
    case pending
    /// Stored and complete.
    case ready
    /// Stored, but enrichment gave up; the item still holds what was shared.
    case failed
}
