import Foundation
import NIOCore
import Testing
import WallCore
@testable import WallServer

/// The hand-written JSON of the hot responses says exactly what `JSONEncoder` would.
@Suite struct JSONOutputTests {
    static let awkward: [String] = [
        "plain", "with \"quotes\"", "back\\slash", "line\nbreak\ttab\rreturn", "\u{01}\u{1F}control",
        "émoji 🧱 and ひらがな", "slash / and </script>", "\u{2028}\u{2029}", "",
    ]

    static func randomItem(_ generator: inout some RandomNumberGenerator) -> Item {
        func maybe() -> String? { Bool.random(using: &generator) ? awkward.randomElement(using: &generator)! : nil }
        let millis = Int64.random(in: 0...4_000_000_000_000, using: &generator)
        let date = Date(timeIntervalSince1970: Double(millis) / 1000)
        return Item(
            id: UUID(), kind: ItemKind.allCases.randomElement(using: &generator)!, url: maybe(), title: maybe(),
            text: maybe(), userNote: maybe(), tags: (0..<Int.random(in: 0...3, using: &generator)).map { _ in awkward.randomElement()! },
            wallId: UUID(), source: ShareSource.allCases.randomElement(using: &generator)!,
            state: ItemState.allCases.randomElement(using: &generator)!, sharedAt: Bool.random() ? date : nil,
            createdAt: date, updatedAt: date.addingTimeInterval(1)
        )
    }

    static func written(_ value: some JSONWritable) -> Data {
        var output = JSONOutput()
        value.write(to: &output)
        return Data(output.buffer.readableBytesView)
    }

    static func parsed(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    @Test func itemsAndShareAnswersMatchTheEncoder() throws {
        var generator = SystemRandomNumberGenerator()
        let encoder = WallJSON.encoder()
        for _ in 0..<300 {
            let item = Self.randomItem(&generator)
            #expect(try Self.parsed(Self.written(item)) == Self.parsed(encoder.encode(item)))
            #expect(try WallJSON.decoder().decode(Item.self, from: Self.written(item)) == item)

            let answer = ShareResponse(id: UUID(), status: .saved, message: "Saved \"it\".", item: item, duplicate: Bool.random())
            #expect(try Self.parsed(Self.written(answer)) == Self.parsed(encoder.encode(answer)))
        }
    }

    @Test func pagesAndEventsMatchTheEncoder() throws {
        var generator = SystemRandomNumberGenerator()
        let encoder = WallJSON.encoder()
        let items = (0..<20).map { _ in Self.randomItem(&generator) }
        for page in [ItemPage(items: items, nextCursor: "k42"), ItemPage(items: [], nextCursor: nil)] {
            #expect(try Self.parsed(Self.written(page)) == Self.parsed(encoder.encode(page)))
        }
        for event in [
            ItemEvent(seq: 7, type: .created, itemId: items[0].id, item: items[0]),
            ItemEvent(seq: 9_000_000_000, type: .deleted, itemId: items[1].id, item: nil),
        ] {
            #expect(try Self.parsed(Self.written(event)) == Self.parsed(encoder.encode(event)))
        }
    }
}
