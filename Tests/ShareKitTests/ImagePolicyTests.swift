import ShareKit
import Testing
import WallCore

/// The image policy: send as is, downscale (where possible), or refuse.
@Suite struct ImagePolicyTests {
    let phone = ImagePolicy(maxUploadBytes: 25 * 1_048_576, canDownscale: true)
    let linux = ImagePolicy(maxUploadBytes: 25 * 1_048_576, canDownscale: false)

    @Test func smallImagesAndFilesGoAsTheyAre() {
        #expect(phone.decide(.init(byteCount: 2_000_000, isImage: true, pixelSize: (1_920, 1_080))) == .sendAsIs)
        #expect(phone.decide(.init(byteCount: 2_000_000, isImage: false)) == .sendAsIs)
        #expect(linux.decide(.init(byteCount: 20_000_000, isImage: true, pixelSize: (8_000, 6_000))) == .sendAsIs)
    }

    @Test func largeCameraImagesAreDownscaledToTheCapOnThePhone() {
        // 48 MP: over the 4,096 px cap and the 48 MB bitmap budget (3,547 px).
        let decision = phone.decide(.init(byteCount: 12_000_000, isImage: true, pixelSize: (8_064, 6_048)))
        #expect(decision == .downscale(maxPixelSize: 3_547))
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
        #expect(phone.decide(.init(byteCount: 30 * 1_048_576, isImage: true)) == .downscale(maxPixelSize: 3_547))
    }
}
