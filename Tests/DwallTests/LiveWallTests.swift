import Foundation
import ShareKit
import Testing
import WallCore

/// The iOS app's client code against the real server: signing in as the app does, and the live
/// wall over `URLSessionStreamingTransport` (the same code the app runs), on a real socket.
@Suite(.serialized) struct LiveWallTests {
    @Test(.timeLimit(.minutes(5))) func signInThenSharesArriveLiveAndAResumedStreamMissesNothing() async throws {
        let server = try ServerProcess()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        defer { server.cleanUp(); try? FileManager.default.removeItem(at: folder) }
        _ = try server.makeUser()
        try server.start()

        // Sign in with user name and password, as the app's sign-in form does.
        let store = FileCredentialStore(file: folder.appendingPathComponent("credentials.json"))
        let signedIn = await MainActor.run { () -> SignInModel in
            let model = SignInModel(store: store, transport: URLSessionTransport(), tokenLabel: "iOS test")
            model.server = server.baseURL.absoluteString
            model.username = "alice"
            model.password = "correct horse battery"
            return model
        }
        #expect(await signedIn.signIn())
        let credentials = try #require(try store.load())
        let client = WallAPIClient(server: credentials.server, token: credentials.token, transport: URLSessionTransport())

        // Open the live stream and share: the new item arrives as an event.
        let (updates, sink) = AsyncStream<LiveUpdate>.makeStream()
        let live = LiveEvents(server: credentials.server, token: credentials.token, transport: URLSessionStreamingTransport(), clock: ContinuousClock())
        let first = Task { try? await live.run { _ = sink.yield($0) } }
        var received = updates.makeAsyncIterator()
        #expect(await received.next() == .connected(resumed: false))
        let shared = try await client.share(ShareRequest(id: UUID.timeOrdered(), contentType: .text, text: "live from the app", source: .iosShareExtension))
        guard case .event(let created)? = await received.next() else { Issue.record("no event"); return }
        #expect(created.type == .created && created.itemId == shared.item.id && created.item?.text == "live from the app")
        first.cancel()
        _ = await first.value

        // Share while no stream is open, then resume from the last event id: it is replayed.
        let missed = try await client.share(ShareRequest(id: UUID.timeOrdered(), contentType: .text, text: "while away", source: .cli))
        let (resumedUpdates, resumedSink) = AsyncStream<LiveUpdate>.makeStream()
        let second = Task { try? await live.run(after: created.seq) { _ = resumedSink.yield($0) } }
        var resumed = resumedUpdates.makeAsyncIterator()
        #expect(await resumed.next() == .connected(resumed: true))
        guard case .event(let replayed)? = await resumed.next() else { Issue.record("no replayed event"); return }
        #expect(replayed.itemId == missed.item.id && replayed.seq > created.seq)
        second.cancel()
        _ = await second.value

        // A revoked token ends the live connection with `unauthorized`.
        await signedIn.signOut()
        await #expect(throws: ShareError.self) { try await live.run { _ in } }
        try server.stop()
    }
}
