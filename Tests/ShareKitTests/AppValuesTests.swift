import Foundation
import ShareKit
import Testing
import WallCore

@Suite struct AppValuesTests {
    @Test func deepLinksOpenItemsAndNothingElse() {
        let id = UUID()
        #expect(DeepLink(URL(string: "digitalwall://item/\(id.uuidString)")!) == .item(id))
        #expect(DeepLink(URL(string: "DigitalWall://ITEM/\(id.uuidString.lowercased())")!) == .item(id))
        #expect(DeepLink(DeepLink.item(id).url) == .item(id))
        #expect(DeepLink(URL(string: "digitalwall://sign-in")!) == .signIn)
        #expect(DeepLink(DeepLink.signIn.url) == .signIn)
        for bad in ["digitalwall://sign-in/x", "digitalwall://sign-in?next=evil", "https://item/\(id)", "digitalwall://wall/\(id)", "digitalwall://item/", "digitalwall://item/42", "digitalwall://item/\(id)/x"] {
            #expect(DeepLink(URL(string: bad)!) == nil, "\(bad)")
        }
    }

    @Test func theSharedContainerNamesEverythingAfterTheBundleID() {
        let container = SharedContainer(bundleID: "org.digitalwall.app", directory: URL(fileURLWithPath: "/group"))
        #expect(container.appGroup == "group.org.digitalwall.app")
        #expect(container.keychainAccessGroup(teamPrefix: "ABCDE12345.") == "ABCDE12345.org.digitalwall.app.shared")
        #expect(container.outboxDirectory.path == "/group/Outbox")
        #expect(container.uploadsDirectory.path == "/group/Uploads")
        #expect(container.drainTaskIdentifier == "org.digitalwall.app.drain")
        #expect(container.drainTaskIdentifier == "org.digitalwall.app.drain")
        #expect(container.outboxChangedNotification == "org.digitalwall.app.outbox-changed")
    }

    @Test func eachExtensionLaunchUploadsInASessionOfItsOwnThatTheAppRecognises() {
        let container = SharedContainer(bundleID: "org.digitalwall.app", directory: URL(fileURLWithPath: "/group"))
        let launch = UUID(uuidString: "0F8E2A4C-1B3D-4E5F-8A9B-0C1D2E3F4A5B")!
        let session = container.extensionUploadSession(launch: launch)
        #expect(session == "org.digitalwall.app.uploads.extension.0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b")
        #expect(container.extensionUploadSession(launch: UUID()) != session, "two launches never share a session")
        #expect(container.isExtensionUploadSession(session))
        for other in ["org.digitalwall.app.uploads", "org.digitalwall.app.uploads.extension.", "org.digitalwall.app.uploads.extension.nope",
                      "com.other.app.uploads.extension.0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b"] {
            #expect(!container.isExtensionUploadSession(other), "\(other)")
        }
    }

    @Test func pendingRowsSayWhatWaitsAndWhy() {
        let link = OutboxEntry(share: ShareRequest(contentType: .url, url: "https://swift.org"), enqueuedAt: Date(timeIntervalSince1970: 1))
        let text = OutboxEntry(share: ShareRequest(contentType: .text, text: "A  long\npassage"), enqueuedAt: Date(timeIntervalSince1970: 2), attempts: 2, lastError: "offline")
        let photo = OutboxEntry(
            share: ShareRequest(contentType: .image), attachments: [StoredAttachment(storedName: "0.jpeg", filename: "IMG_1.jpg", type: .jpeg, mimeType: "image/jpeg")],
            enqueuedAt: Date(timeIntervalSince1970: 3), attempts: 1, lastError: "Too big."
        )
        let film = OutboxEntry(
            share: ShareRequest(contentType: .file), attachments: [StoredAttachment(storedName: "0.mov", filename: "clip.mov", type: .quickTimeMovie, mimeType: "video/quicktime")],
            enqueuedAt: Date(timeIntervalSince1970: 4), handedOverAt: Date(timeIntervalSince1970: 5)
        )
        let rows = PendingShareRow.rows(OutboxSnapshot(pending: [link, text, film], failed: [photo]))
        #expect(rows.map(\.title) == ["https://swift.org", "A long passage", "clip.mov", "IMG_1.jpg"])
        #expect(rows.map(\.state) == [.waiting, .retrying(attempts: 2, lastError: "offline"), .uploading, .refused("Too big.")])
        #expect(rows.map(\.id) == [link.share.id, text.share.id, film.share.id, photo.share.id])
    }

    @Test func aNoticeOnlyWhenSomethingArrivedOrWasRefused() {
        #expect(DeliveryNotice(report: DrainReport(progress: DrainProgress(total: 3, skipped: 3))) == nil)
        var report = DrainReport(progress: DrainProgress(total: 4, delivered: 3, failed: 1))
        report.refused = [DrainReport.Refusal(shareID: UUID(), error: .tooLarge("Too big."))]
        let notice = DeliveryNotice(report: report)
        #expect(notice?.title == "3 shares are on your wall")
        #expect(notice?.body == "Saved while you were away. 1 share was refused.")
        var one = DrainReport(progress: DrainProgress(total: 2, delivered: 1))
        one.remaining = 1
        #expect(DeliveryNotice(report: one) == DeliveryNotice(title: "Your share is on your wall", body: "Saved while you were away. 1 still waiting."))
        var refused = DrainReport(progress: DrainProgress(total: 1, failed: 1))
        refused.refused = [DrainReport.Refusal(shareID: UUID(), error: .invalid(field: nil, message: "No."))]
        #expect(DeliveryNotice(report: refused)?.title == "A share could not be saved")
    }
}
