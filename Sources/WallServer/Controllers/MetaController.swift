import Hummingbird
import WallCore

/// `GET /v1/meta`: which API this server speaks (its major version and the features added to
/// it) and which release it runs, without signing in, so a client (the browser extension) can
/// tell a person plainly when it and the server don't fit together.
struct MetaController {
    /// The largest file this server takes (`--max-upload-bytes`).
    let maxUploadBytes: Int64

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).get(use: meta)
    }

    func meta(_ request: Request, context: WallRequestContext) -> WrittenJSON<ServerMeta> {
        WrittenJSON(ServerMeta(maxUploadBytes: maxUploadBytes))
    }
}

/// The body of `GET /v1/meta`.
struct ServerMeta: JSONWritable {
    var maxUploadBytes: Int64

    func write(to output: inout JSONOutput) {
        output.object { json in
            json.key("name"); json.string("dwall")
            json.key("version"); json.string(ReleaseVersion.current)
            json.key("apiVersion"); json.integer(Int64(APIVersion.major))
            json.key("features"); json.array(APIVersion.features) { json, feature in json.string(feature) }
            json.key("limits")
            json.object { json in
                json.key("maxJSONBodyBytes"); json.integer(Int64(Limits.maxJSONBodyBytes))
                json.key("maxNoteLength"); json.integer(Int64(Limits.maxNoteLength))
                json.key("maxUploadBytes"); json.integer(maxUploadBytes)
                json.key("maxPageSnapshotHTMLBytes"); json.integer(Int64(Limits.maxPageSnapshotHTMLBytes))
            }
        }
    }
}
