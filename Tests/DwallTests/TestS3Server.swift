import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The S3-protocol server of this run (moto's, from `scripts/with-s3`), as `dwall` reaches it.
enum TestS3Server {
    /// The endpoint, when the run has one.
    static let endpoint = ProcessInfo.processInfo.environment["DWALL_TEST_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 }

    /// What `dwall` needs in its environment to use the server (moto takes any keys).
    static func environment(endpoint: String? = nil) -> [String: String] {
        [
            "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_REGION": "us-east-1",
            "DWALL_S3_ENDPOINT": endpoint ?? Self.endpoint ?? "", "DWALL_S3_PATH_STYLE": "1",
        ]
    }

    /// Makes a new empty bucket; returns its name.
    static func createBucket() async throws -> String {
        let name = "dwall-e2e-" + UUID().uuidString.lowercased().prefix(18)
        var request = URLRequest(url: URL(string: "\(endpoint!)/\(name)")!)
        request.httpMethod = "PUT"
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw ProcessFailure("could not create bucket \(name)") }
        return name
    }

    /// The keys in a bucket under `prefix` (moto answers unsigned listings).
    static func keys(in bucket: String, prefix: String) async throws -> [String] {
        let url = URL(string: "\(endpoint!)/\(bucket)?list-type=2&prefix=\(prefix)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        let text = String(decoding: data, as: UTF8.self)
        return text.components(separatedBy: "<Key>").dropFirst().compactMap { $0.components(separatedBy: "</Key>").first }
    }
}
