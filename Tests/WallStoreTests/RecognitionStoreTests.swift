import Foundation
import Testing
import WallCore
@testable import WallStore

/// `recordRecognition`, `recognition` and `itemsAwaitingRecognition` on both stores: the text
/// kept, found by search beside the item's own words, and the catch-up's list.
@Suite("Recognised text")
struct RecognitionStoreTests {
    private func file(_ byte: Character, type: String) -> ItemFile {
        ItemFile(sha256: String(repeating: byte, count: 64), size: 10, contentType: type, name: "f")
    }

    private func share(_ files: [ItemFile]) throws -> ValidFileShare {
        ValidFileShare(
            metadata: try ShareRequest(id: UUID(), contentType: .image, source: .cli).validated(attachmentCount: files.count),
            files: files
        )
    }

    @Test("Recognised text is kept, carried by the event's item and found by search", arguments: StoreFactory.all)
    func recordedTextIsSearchable(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let item = try #require(try await store.saveFileShare(try share([file("a", type: "image/png")]), userID: alice.id).first).item
            #expect(try await store.recognition(itemID: item.id, userID: alice.id) == .none)
            let recorded = try await store.recordRecognition(
                itemID: item.id, userID: alice.id, ItemRecognition(text: "Quarterly walrus census", failure: nil), layerText: nil
            )
            #expect(recorded?.recognizedText == "Quarterly walrus census")
            #expect(try await store.recognition(itemID: item.id, userID: alice.id).text == "Quarterly walrus census")
            #expect(try await store.items(matching: ItemQuery(search: try SearchExpression(parsing: "walrus")), userID: alice.id).items.map(\.id) == [item.id])
            #expect(try await store.items(matching: ItemQuery(search: try SearchExpression(parsing: "penguin")), userID: alice.id).items.isEmpty)

            // Recognised again (a refresh): the new words replace the old ones.
            _ = try await store.recordRecognition(
                itemID: item.id, userID: alice.id, ItemRecognition(text: "Lighthouse logbook", failure: nil), layerText: nil
            )
            #expect(try await store.items(matching: ItemQuery(search: try SearchExpression(parsing: "walrus")), userID: alice.id).items.isEmpty)
            #expect(try await store.items(matching: ItemQuery(search: try SearchExpression(parsing: "logbook")), userID: alice.id).items.map(\.id) == [item.id])
            let someoneElse = try await store.newUser()
            #expect(try await store.recognition(itemID: item.id, userID: someoneElse.id) == .none)
        }
    }

    @Test("Only ready pictures and PDFs never recognised and without a job await recognition", arguments: StoreFactory.all)
    func awaitingRecognition(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let alice = try await store.newUser()
            let files = [file("a", type: "image/png"), file("b", type: "application/pdf"), file("c", type: "image/jpeg")]
            let items = try await store.saveFileShare(try share(files), userID: alice.id).map(\.item)
            #expect(try await store.itemsAwaitingRecognition(limit: 10).isEmpty, "still pending their thumbnails")
            for (item, file) in zip(items, files) {
                _ = try await store.updateItemFile(id: item.id, userID: alice.id, file: file, text: nil, state: .ready)
            }
            let awaiting = try await store.itemsAwaitingRecognition(limit: 10)
            #expect(Set(awaiting.map(\.itemID)) == Set(items.map(\.id)))
            #expect(awaiting.allSatisfy { $0.userID == alice.id })

            _ = try await store.recordRecognition(
                itemID: items[0].id, userID: alice.id, ItemRecognition(text: nil, failure: "too large"), layerText: nil
            )
            _ = try await store.jobs.enqueue([NewJob(kind: .recognize, itemID: items[1].id, userID: alice.id, priority: .bulk)])
            #expect(try await store.itemsAwaitingRecognition(limit: 10).map(\.itemID) == [items[2].id])
            #expect(try await store.recognition(itemID: items[0].id, userID: alice.id).failure == "too large")
        }
    }

    @Test func theFoundWordsAreTheTextLayersThenTheRecognisedText() {
        let recognition = ItemRecognition(text: "scanned words", failure: nil)
        #expect(RecognitionWrite(recognition, layerText: "layer words", itemText: nil).foundText == "layer words\nscanned words")
        #expect(RecognitionWrite(recognition, layerText: "layer words", itemText: "layer words").foundText == "scanned words")
        #expect(RecognitionWrite(ItemRecognition(text: "", failure: nil), layerText: nil, itemText: nil).foundText == nil)
        #expect(RecognitionWrite(ItemRecognition(text: nil, failure: "no"), layerText: nil, itemText: nil).foundText == nil)
    }
}
