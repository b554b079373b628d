import HTTPTypes
import Hummingbird
import NIOCore
import Testing
@testable import WallServer

/// `If-None-Match` as every `304` route reads it: lists, several header lines, weak tags, `*`.
@Suite struct EntityTagMatchTests {
    private let etag = "\"5d0c1e7a\""

    @Test func aTagNamedAnyWayTheHeaderAllowsMatches() {
        let matching: [[String]] = [
            [etag], ["W/\(etag)"], ["\"other\", \(etag)"], ["\"other\",W/\(etag) "], ["\"other\"", etag], ["*"],
        ]
        for values in matching {
            #expect(EntityTagMatch.ifNoneMatch(request(values), names: etag), "\(values)")
        }
        #expect(EntityTagMatch.ifNoneMatch(request([etag]), names: "W/\(etag)"), "a weak tag of ours matches its strong form")
    }

    @Test func anotherTagNoneOrAPartOfOneDoesNotMatch() {
        let missing: [[String]] = [[], ["\"other\""], ["\"5d0c1e7\""], ["5d0c1e7a"], ["\"other\", \"more\""], [""]]
        for values in missing {
            #expect(!EntityTagMatch.ifNoneMatch(request(values), names: etag), "\(values)")
        }
    }

    private func request(_ values: [String]) -> Request {
        var fields = HTTPFields()
        for value in values { fields.append(HTTPField(name: .ifNoneMatch, value: value)) }
        let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/", headerFields: fields)
        return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
    }
}
