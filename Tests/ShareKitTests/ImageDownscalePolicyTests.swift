import Foundation
import ShareKit
import Testing

@Suite struct ImageDownscalePolicyTests {
    let policy = ImageDownscalePolicy.standard

    @Test func picturesButNotGIFsAreReencodedAsJPEG() {
        let heic = AttachmentFile(source: .file(URL(fileURLWithPath: "/tmp/IMG_0001.HEIC")), type: .heic, filename: "IMG_0001.HEIC")
        let gif = AttachmentFile(source: .data(Data([0x47])), type: .gif, filename: "party.gif")
        let pdf = AttachmentFile(source: .data(Data([0x25])), type: .pdf, filename: "paper.pdf")
        var asked: [String] = []
        let result = policy.apply(to: [.image(heic), .image(gif), .file(pdf), .text("t", source: nil, title: nil)]) { file, policy in
            asked.append(file.filename)
            #expect(policy.maxPixelSize == 2048)
            return Data("jpeg".utf8)
        }
        #expect(asked == ["IMG_0001.HEIC"])
        #expect(result[0] == .image(AttachmentFile(source: .data(Data("jpeg".utf8)), type: .jpeg, filename: "IMG_0001.jpg")))
        #expect(Array(result[1...]) == [.image(gif), .file(pdf), .text("t", source: nil, title: nil)])
    }

    @Test func aPictureThatCantBeReadIsKeptAsItWas() {
        struct Unreadable: Error {}
        let png = AttachmentFile(source: .data(Data([1, 2])), type: .png, filename: "shot.png")
        #expect(policy.apply(to: [.image(png)]) { _, _ in nil } == [.image(png)])
        #expect(policy.apply(to: [.image(png)]) { _, _ in throw Unreadable() } == [.image(png)])
        #expect(policy.downscaledFilename("") == "picture.jpg")
        #expect(policy.downscaledFilename("a.b.png") == "a.b.jpg")
    }
}
