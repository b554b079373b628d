import Foundation
import WallCore

/// The text recognised in an item's picture or scanned pages (OCR), or why there is none.
public struct ItemRecognition: Sendable, Equatable {
    /// The recognised text (empty when recognition found no words); nil before it has run.
    public var text: String?
    /// Why recognition failed (too large, unreadable, too slow); nil when it ran or has not.
    public var failure: String?

    /// Makes a recognition's result.
    public init(text: String?, failure: String?) {
        self.text = text
        self.failure = failure
    }

    /// Nothing recognised yet.
    public static let none = ItemRecognition(text: nil, failure: nil)
}

/// An item whose file was never recognised, for the catch-up (`itemsAwaitingRecognition`).
public struct AwaitingRecognition: Sendable, Equatable {
    /// The item.
    public var itemID: UUID
    /// Its owner, under whom its jobs run.
    public var userID: UUID
    /// Its file.
    public var file: ItemFile

    /// Makes a row of the catch-up's work.
    public init(itemID: UUID, userID: UUID, file: ItemFile) {
        self.itemID = itemID
        self.userID = userID
        self.file = file
    }
}
