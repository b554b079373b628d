import ShareKit
import Testing

@Suite struct TypeTableTests {
    let table = TypeTable.standard

    @Test(arguments: [TypeIdentifier.jpeg, .png, .heic, .gif])
    func picturesAreImagesAndData(_ type: TypeIdentifier) {
        #expect(table.conforms(type, to: .image))
        #expect(table.conforms(type, to: .data))
        #expect(table.conforms(type, to: .item))
        #expect(!table.conforms(type, to: .text))
        #expect(!table.conforms(type, to: .pdf))
    }

    @Test func conformanceFollowsTheHierarchy() {
        #expect(table.conforms(.fileURL, to: .url))
        #expect(!table.conforms(.url, to: .fileURL))
        #expect(table.conforms(.utf8PlainText, to: .text))
        #expect(table.conforms(.pdf, to: .data))
        #expect(table.conforms(.mpeg4Movie, to: .movie))
        #expect(table.conforms(.mpeg4Movie, to: .audiovisualContent))
        #expect(table.conforms(.propertyList, to: .data))
        #expect(!table.conforms(.image, to: .jpeg), "a parent does not conform to its child")
    }

    @Test func anUnknownTypeConformsOnlyToItself() {
        let custom = TypeIdentifier("com.example.sketch")
        #expect(!table.knows(custom))
        #expect(table.conforms(custom, to: custom))
        #expect(!table.conforms(custom, to: .data))
        #expect(!table.conforms(custom, to: .item))
    }

    @Test func mimeTypesComeFromTheNearestKnownType() {
        #expect(table.mimeType(for: .jpeg) == "image/jpeg")
        #expect(table.mimeType(for: .heic) == "image/heic")
        #expect(table.mimeType(for: .pdf) == "application/pdf")
        #expect(table.mimeType(for: .mpeg4Movie) == "video/mp4")
        #expect(table.mimeType(for: .image) == "application/octet-stream", "a bare image has no one MIME type")
        #expect(table.mimeType(for: TypeIdentifier("com.example.sketch")) == "application/octet-stream")
    }

    @Test func extensionsNameTheirTypes() {
        #expect(table.type(forExtension: "JPG") == .jpeg)
        #expect(table.type(forExtension: "jpeg") == .jpeg)
        #expect(table.type(forExtension: "pdf") == .pdf)
        #expect(table.type(forExtension: "mov") == .quickTimeMovie)
        #expect(table.type(forExtension: "txt") == .plainText)
        #expect(table.type(forExtension: "sketch") == nil)
        #expect(table.preferredExtension(for: .jpeg) == "jpeg")
    }
}
