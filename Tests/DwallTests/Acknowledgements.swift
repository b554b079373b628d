import Foundation
import WallCore

/// The shares a server acknowledged (2xx) during a load run, and how many were attempted.
actor Acknowledgements {
    private(set) var acknowledged: [UUID: (url: String, itemID: UUID)] = [:]
    private(set) var attempted = 0

    func attempt() { attempted += 1 }

    func record(_ share: ShareRequest, itemID: UUID) {
        acknowledged[share.id] = (share.url ?? "", itemID)
    }

    var count: Int { acknowledged.count }
}

/// Drives concurrent shares with unique URLs until told to stop or the server goes away.
struct ShareLoad {
    let client: HTTPClient
    let workers: Int
    let acks = Acknowledgements()

    /// Runs until `stop` returns true or a request fails (the server was killed); returns the acks.
    func run(until stop: @escaping @Sendable (Int) async -> Bool) async -> Acknowledgements {
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var counter = 0
                    while true {
                        counter += 1
                        let share = ShareRequest(
                            contentType: .url, url: "https://example.com/load/\(worker)/\(counter)",
                            title: "Load \(worker)-\(counter)", source: .api
                        )
                        await acks.attempt()
                        guard let reply = try? await client.share(share), (200..<300).contains(reply.status),
                              let body = try? reply.decode(ShareResponse.self)
                        else { return }
                        await acks.record(share, itemID: body.item.id)
                        if await stop(await acks.count) { return }
                    }
                }
            }
        }
        return acks
    }
}
