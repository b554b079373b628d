import ShareKit
import WallCore
import XCTest

/// What the app and the extension share, written from one side and read from the other: the
/// outbox in the App Group folder, the token in the Keychain group, the remembered wall in the
/// group's defaults. Runs hosted in the app (its entitlements); run it in Xcode on a simulator
/// or device with signing set up (README). Not run on Linux.
final class AppGroupRoundTripTests: XCTestCase {
    private func environment() throws -> AppEnvironment {
        try XCTUnwrap(AppEnvironment(), "The App Group is missing from the test host's entitlements")
    }

    func testAShareTheExtensionQueuesIsReadAndSentByTheApp() throws {
        let environment = try environment()
        // The extension's side: its own outbox object stores a share and lets go of it.
        let extensionSide = try environment.outbox()
        let share = PendingShare(request: ShareRequest(id: UUID(), contentType: .text, text: "round trip", source: .iosShareExtension))
        try extensionSide.enqueue(share).release(recording: nil)

        // The app's side: another outbox object on the same folder finds it and can claim it.
        let appSide = try Outbox(directory: environment.container.outboxDirectory)
        XCTAssertTrue(try appSide.snapshot().pending.contains { $0.share == share.request })
        guard case .claimed(let claim) = try appSide.claim(shareID: share.request.id) else {
            return XCTFail("the app could not claim the extension's share")
        }
        try claim.withdraw()
        XCTAssertFalse(try extensionSide.snapshot().pending.contains { $0.share.id == share.request.id })
    }

    func testTheTokenTheAppKeepsIsReadByTheExtension() throws {
        let environment = try environment()
        let credentials = Credentials(
            server: URL(string: "https://wall.example.com")!, token: "dw_roundtrip", userID: UUID(), username: "test", tokenID: nil
        )
        let appSide = environment.credentialStore
        let previous = try appSide.load()
        defer { if let previous { try? appSide.save(previous) } else { try? appSide.delete() } }
        try appSide.save(credentials)
        let extensionSide = KeychainCredentialStore(service: environment.container.bundleID + ".credentials", accessGroup: environment.keychainGroup)
        XCTAssertEqual(try extensionSide.load(), credentials)
    }

    func testTheRememberedWallIsShared() throws {
        let environment = try environment()
        let wall = UUID()
        let extensionSide = environment.wallMemory
        let previous = extensionSide.lastWallID
        defer { extensionSide.lastWallID = previous }
        extensionSide.lastWallID = wall
        XCTAssertEqual(environment.wallMemory.lastWallID, wall)
    }
}
