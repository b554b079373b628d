import ShareKit

/// A transport that holds the first `width` requests until that many are in flight at once,
/// then answers everything: proves a drain really sends `width` at a time, and records the most
/// ever in flight.
final class GatedTransport: HTTPTransport {
    private let gate: Gate

    init(width: Int) { gate = Gate(width: width) }

    /// The most requests that were in flight together.
    var maxInFlight: Int { get async { await gate.maxInFlight } }

    func send(_ request: HTTPRequestMessage) async throws -> HTTPResponseMessage {
        await gate.enter()
        await Task.yield()
        await gate.leave()
        return CannedTransport.saved(request)
    }

    private actor Gate {
        let width: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
        var opened = false
        var inFlight = 0
        var maxInFlight = 0

        init(width: Int) { self.width = width }

        func enter() async {
            inFlight += 1
            maxInFlight = max(maxInFlight, inFlight)
            guard !opened else { return }
            if waiting.count + 1 == width {
                opened = true
                waiting.forEach { $0.resume() }
                waiting.removeAll()
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func leave() { inFlight -= 1 }
    }
}
