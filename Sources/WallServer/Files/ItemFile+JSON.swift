import WallCore

extension ItemFile: JSONWritable {
    func write(to output: inout JSONOutput) {
        output.object { json in
            json.key("sha256"); json.string(sha256)
            json.key("size"); json.integer(size)
            json.key("contentType"); json.string(contentType)
            if let name { json.key("name"); json.string(name) }
            if let thumbnail { json.key("thumbnail"); json.string(thumbnail) }
            if let preview { json.key("preview"); json.string(preview) }
            if let width { json.key("width"); json.integer(Int64(width)) }
            if let height { json.key("height"); json.integer(Int64(height)) }
        }
    }
}
