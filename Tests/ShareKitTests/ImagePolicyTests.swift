import Foundation
import ShareKit
import Testing
import WallCore

/// The image policy: send as is, downscale (where possible), or refuse; and applied to what a
/// share extension extracted.
@Suite struct ImagePolicyTests {
    let phone = ImagePolicy(maxUploadBytes: 25 * 1_048_576, canDownscale: true)
    let linux = ImagePolicy(maxUploadBytes: 25 * 1_048_576, canDownscale: false)

    // MARK: Deciding

    @Test func smallImagesAndFilesGoAsTheyAre() {
        #expect(phone.decide(.init(byteCount: 2_000_000, isImage: true, pixelSize: (1_920, 1_080))) == .sendAsIs)
        #expect(phone.decide(.init(byteCount: 2_000_000, isImage: false)) == .sendAsIs)
        #expect(linux.decide(.init(byteCount: 20_000_000, isImage: true, pixelSize: (8_000, 6_000))) == .sendAsIs)
    }

    @Test func largeCameraImagesAreDownscaledToTheCapOnThePhone() {
        #expect(phone.decide(.init(byteCount: 12_000_000, isImage: true, pixelSize: (8_064, 6_048))) == .downscale(maxPixelSize: 2_048))
        // A larger cap still stays inside the 48 MB bitmap budget (3,547 px on a side).
        let roomy = ImagePolicy(maxPixelSize: 8_192, canDownscale: true)
        #expect(roomy.decide(.init(byteCount: 12_000_000, isImage: true, pixelSize: (8_064, 6_048))) == .downscale(maxPixelSize: 3_547))
    }

    @Test func imagesOverTheByteLimitShrinkByTheSquareRootOfTheOvershoot() {
        let decision = phone.decide(.init(byteCount: 100 * 1_048_576, isImage: true, pixelSize: (3_000, 2_000)))
        // sqrt(25 * 0.8 / 100) = 0.447; 3,000 px × 0.447 = 1,341 px.
        #expect(decision == .downscale(maxPixelSize: 1_341))
    }

    @Test func whatCannotBeMadeSmallerIsRefusedWhenOverTheLimit() {
        guard case .refuse(let reason) = linux.decide(.init(byteCount: 30 * 1_048_576, isImage: true)) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason.contains("25 MB"))
        if case .refuse = phone.decide(.init(byteCount: 30 * 1_048_576, isImage: false)) {} else {
            Issue.record("a PDF over the limit can't be downscaled")
        }
        #expect(phone.decide(.init(byteCount: 30 * 1_048_576, isImage: true)) == .downscale(maxPixelSize: 2_048))
    }

    // MARK: Applying to extracted contents

    @Test func largePicturesButNotGIFsOrSmallOnesAreReencodedAsJPEG() {
        let heic = AttachmentFile(source: .data(Data(count: 3_000_000)), type: .heic, filename: "IMG_0001.HEIC")
        let screenshot = AttachmentFile(source: .data(Data(count: 400_000)), type: .png, filename: "shot.png")
        let gif = AttachmentFile(source: .data(Data([0x47])), type: .gif, filename: "party.gif")
        let pdf = AttachmentFile(source: .data(Data([0x25])), type: .pdf, filename: "paper.pdf")
        let sizes = ["IMG_0001.HEIC": (4_032, 3_024), "shot.png": (1_170, 2_532), "party.gif": (4_000, 4_000)]
        var asked: [String] = []
        let result = phone.apply(
            to: [.image(heic), .image(screenshot), .image(gif), .file(pdf), .text("t", source: nil, title: nil)],
            pixelSize: { sizes[$0.filename].map { (width: $0.0, height: $0.1) } }
        ) { file, maxPixelSize in
            asked.append(file.filename)
            #expect(maxPixelSize == 2_048)
            return Data("jpeg".utf8)
        }
        #expect(asked == ["IMG_0001.HEIC", "shot.png"], "both are longer than 2,048 px; the GIF keeps its animation")
        #expect(result[0] == .image(AttachmentFile(source: .data(Data("jpeg".utf8)), type: .jpeg, filename: "IMG_0001.jpg")))
        #expect(result[1] == .image(AttachmentFile(source: .data(Data("jpeg".utf8)), type: .jpeg, filename: "shot.jpg")))
        #expect(Array(result[2...]) == [.image(gif), .file(pdf), .text("t", source: nil, title: nil)])

        let small = AttachmentFile(source: .data(Data(count: 100_000)), type: .png, filename: "icon.png")
        #expect(phone.apply(to: [.image(small)], pixelSize: { _ in (512, 512) }) { _, _ in Data() } == [.image(small)])
    }

    @Test func aPictureThatCantBeReadIsKeptAsItWas() {
        struct Unreadable: Error {}
        let png = AttachmentFile(source: .data(Data(count: 30 * 1_048_576)), type: .png, filename: "shot.png")
        #expect(phone.apply(to: [.image(png)], pixelSize: { _ in nil }) { _, _ in nil } == [.image(png)])
        #expect(phone.apply(to: [.image(png)], pixelSize: { _ in nil }) { _, _ in throw Unreadable() } == [.image(png)])
        #expect(phone.downscaledFilename("") == "picture.jpg")
        #expect(phone.downscaledFilename("a.b.png") == "a.b.jpg")
    }

    @Test func factsReadTheSizeOfAFileOnDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString).jpg")
        try Data(count: 12_345).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let facts = phone.facts(for: AttachmentFile(source: .file(url), type: .jpeg, filename: "x.jpg"), pixelSize: (10, 20))
        #expect(facts == ImagePolicy.Facts(byteCount: 12_345, isImage: true, pixelSize: (10, 20)))
        #expect(!phone.facts(for: AttachmentFile(source: .data(Data()), type: .gif, filename: "g.gif"), pixelSize: nil).isImage)
    }
}
