import Foundation
import Hummingbird
import NIOCore
import NIOFoundationCompat
import WallCore
import WallStore

/// `POST /v1/import`: one batch of a bulk import (see `ImportRequest`); answers what became of
/// each entry. Batches are larger than other JSON bodies (`Limits.maxImportBodyBytes`).
struct ImportController {
    let store: any WallStore

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).post(use: importBatch)
    }

    func importBatch(_ request: Request, context: WallRequestContext) async throws -> JSONBody<ImportResponse> {
        let identity = try context.requireIdentity()
        try WallRequestDecoder.requireJSON(request)
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Limits.maxImportBodyBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError(.contentTooLarge, .tooLarge, "An import batch is larger than \(Limits.maxImportBodyBytes) bytes; send smaller batches.")
        }
        let batch: ImportRequest
        do {
            batch = try WallCoders.decoder.decode(ImportRequest.self, from: body)
        } catch let error as DecodingError {
            throw error.validationError
        }
        return JSONBody(try await ImportRunner(store: store).run(batch, userID: identity.userID))
    }
}
