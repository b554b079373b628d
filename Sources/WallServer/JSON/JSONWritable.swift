import Foundation
import Hummingbird
import WallCore

/// A value the server writes as JSON by hand (see `JSONOutput`), field for field as its
/// `Encodable` conformance would: absent optionals are left out.
protocol JSONWritable: Sendable {
    func write(to output: inout JSONOutput)
}

/// A JSON response written by hand.
struct WrittenJSON<Value: JSONWritable>: ResponseGenerator {
    var value: Value
    var status: HTTPResponse.Status = .ok

    init(_ value: Value, status: HTTPResponse.Status = .ok) {
        self.value = value
        self.status = status
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var output = JSONOutput()
        value.write(to: &output)
        return .json(output.buffer, status: status)
    }
}

extension Item: JSONWritable {
    func write(to output: inout JSONOutput) {
        output.object { json in
            json.key("id"); json.uuid(id)
            json.key("kind"); json.string(kind.rawValue)
            if let file { json.key("file"); file.write(to: &json) }
            if let url { json.key("url"); json.string(url) }
            if let title { json.key("title"); json.string(title) }
            if let text { json.key("text"); json.string(text) }
            if let userNote { json.key("userNote"); json.string(userNote) }
            json.key("tags"); json.array(tags) { json, tag in json.string(tag) }
            json.key("wallId"); json.uuid(wallId)
            json.key("source"); json.string(source.rawValue)
            json.key("state"); json.string(state.rawValue)
            if let sharedAt { json.key("sharedAt"); json.date(sharedAt) }
            json.key("createdAt"); json.date(createdAt)
            json.key("updatedAt"); json.date(updatedAt)
            if let preview { json.key("preview"); preview.write(to: &json) }
            if let addedBy { json.key("addedBy"); json.string(addedBy) }
            if let recognizedText { json.key("recognizedText"); json.string(recognizedText) }
            if let recognitionError { json.key("recognitionError"); json.string(recognitionError) }
        }
    }
}

extension ShareResponse: JSONWritable {
    func write(to output: inout JSONOutput) {
        output.object { json in
            json.key("id"); json.uuid(id)
            json.key("status"); json.string(status.rawValue)
            json.key("message"); json.string(message)
            json.key("item"); item.write(to: &json)
            json.key("duplicate"); json.bool(duplicate)
            if let items { json.key("items"); json.array(items) { json, item in item.write(to: &json) } }
        }
    }
}

extension ItemPage: JSONWritable {
    func write(to output: inout JSONOutput) {
        output.object { json in
            json.key("items"); json.array(items) { json, item in item.write(to: &json) }
            if let nextCursor { json.key("nextCursor"); json.string(nextCursor) }
        }
    }
}

extension ItemEvent: JSONWritable {
    func write(to output: inout JSONOutput) {
        output.object { json in
            json.key("seq"); json.integer(seq)
            json.key("type"); json.string(type.rawValue)
            json.key("itemId"); json.uuid(itemId)
            if let item { json.key("item"); item.write(to: &json) }
        }
    }
}
