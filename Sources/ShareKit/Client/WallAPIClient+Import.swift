import Foundation
import WallCore

extension WallAPIClient {
    // MARK: Import and export

    /// Sends one import batch (`POST /v1/import`); every entry carries its id, so sending a
    /// batch again is safe and adds nothing.
    public func importBatch(_ batch: ImportRequest, timeout: Duration? = nil) async throws(ShareError) -> ImportResponse {
        let body: Data
        do { body = try WallJSON.encoder().encode(batch) } catch { throw .storage("The import batch could not be encoded: \(error)") }
        let request = HTTPRequestMessage(
            method: "POST", url: server.appendingPathComponent("v1/import"), headers: ["Content-Type": "application/json"],
            body: body, timeout: timeout
        )
        let response = try await send(request)
        do {
            return try WallJSON.decoder().decode(ImportResponse.self, from: response.body)
        } catch {
            throw .unexpected(status: response.status, message: "The answer could not be read: \(error)")
        }
    }

    /// Everything the caller has (`GET /v1/export`), as our JSON (`json`), bookmark HTML (`html`) or
    /// our JSON with every file in a zip (`zip`): the raw bytes.
    public func export(format: String, timeout: Duration? = nil) async throws(ShareError) -> Data {
        var components = URLComponents(url: server.appendingPathComponent("v1/export"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "format", value: format)]
        guard let url = components?.url else { throw .invalid(field: "format", message: "The format does not make a valid address.") }
        return try await send(HTTPRequestMessage(method: "GET", url: url, timeout: timeout)).body
    }

    /// Sends a whole export archive with its files (`POST /v1/import/archive`, a zip made by
    /// `export(format: "zip")`); items keep their ids, so sending it again adds nothing.
    public func importArchive(_ archive: Data, enrich: Bool, timeout: Duration? = nil) async throws(ShareError) -> ImportResponse {
        var components = URLComponents(url: server.appendingPathComponent("v1/import/archive"), resolvingAgainstBaseURL: false)
        components?.queryItems = enrich ? nil : [URLQueryItem(name: "enrich", value: "0")]
        guard let url = components?.url else { throw .invalid(field: "server", message: "The server address is not valid.") }
        let request = HTTPRequestMessage(
            method: "POST", url: url, headers: ["Content-Type": "application/zip"], body: archive, timeout: timeout
        )
        let response = try await send(request)
        do {
            return try WallJSON.decoder().decode(ImportResponse.self, from: response.body)
        } catch {
            throw .unexpected(status: response.status, message: "The answer could not be read: \(error)")
        }
    }
}
