import Foundation
import Testing
import WallCore
import WallWeb

/// Cards of image and file items: the thumbnail once made, else the file's type, name and size.
@Suite struct CardMediaTests {
    private func item(_ kind: ItemKind, _ file: ItemFile) -> Item {
        var item = Item(id: UUID(), kind: kind, wallId: UUID(), source: .cli, createdAt: Date(), updatedAt: Date())
        item.file = file
        return item
    }

    @Test func anImageCardShowsItsThumbnailOnceMade() {
        let hash = String(repeating: "a", count: 64)
        let waiting = item(.image, ItemFile(sha256: hash, size: 2_048, contentType: "image/jpeg", name: "shot.jpg"))
        #expect(CardView(item: waiting, tagHref: { $0 }).imageSrc == nil)
        var made = waiting
        made.file?.thumbnail = String(repeating: "b", count: 64)
        #expect(CardView(item: made, tagHref: { $0 }).imageSrc == "/v1/items/\(made.id.uppercasedText)/thumbnail")
    }

    @Test func aFileCardShowsTypeNameAndSize() {
        let pdf = item(.file, ItemFile(sha256: String(repeating: "c", count: 64), size: 1_500_000, contentType: "application/pdf", name: "receipt.pdf"))
        let label = CardView(item: pdf, tagHref: { $0 }).file
        #expect(label?.name == "receipt.pdf")
        #expect(label?.type == "PDF")
        #expect(label?.size.isEmpty == false)
    }
}
