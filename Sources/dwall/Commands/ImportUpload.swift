import Foundation
import ShareKit
import WallCore
import WallImport

/// Sends parsed entries to the server in batches, in order, one at a time; a batch the server
/// asks to send later (busy, rate-limited) is sent again after the wait it names, which is safe
/// because every entry carries its id. An unreachable server stops the import: run it again.
struct ImportUpload {
    let client: WallAPIClient
    let batchSize: Int
    let enrich: Bool
    var maxAttempts = 5

    /// Sends everything; `progress` gets each batch's results and how many entries are done.
    func send(_ parsed: ParsedImport, progress: (_ results: [ImportResult], _ done: Int) -> Void) async throws(ShareError) {
        var start = 0
        var walls: [ImportWall]? = parsed.walls.isEmpty ? nil : parsed.walls
        while start < parsed.entries.count {
            let end = min(parsed.entries.count, start + batchSize)
            let batch = ImportRequest(walls: walls, entries: parsed.entries[start..<end].map(\.entry), enrich: enrich)
            let response = try await sendWithRetry(batch)
            walls = nil
            start = end
            progress(response.results, start)
        }
    }

    private func sendWithRetry(_ batch: ImportRequest) async throws(ShareError) -> ImportResponse {
        var attempt = 1
        while true {
            do throws(ShareError) {
                return try await client.importBatch(batch, timeout: .seconds(300))
            } catch {
                let serverSaysWait = switch error {
                case .rateLimited, .unavailable: true
                default: false
                }
                guard serverSaysWait, attempt < maxAttempts else { throw error }
                let wait = error.retryAfter ?? .seconds(1 << (attempt - 1))
                do { try await Task.sleep(for: wait) } catch { throw ShareError.cancelled }
                attempt += 1
            }
        }
    }
}
