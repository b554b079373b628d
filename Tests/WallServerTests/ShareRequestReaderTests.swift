import Foundation
import NIOCore
import Testing
import WallCore
@testable import WallServer

/// The hand reader of share bodies reads what `JSONDecoder` reads, or leaves the body to it.
@Suite struct ShareRequestReaderTests {
    static let everyday = #"{"id":"0001000a-0000-4000-8000-00000000002a","contentType":"url","url":"https://example.com/bench/1/2/3","title":"Benchmark item 3","tags":["bench"],"source":"api"}"#

    static let bodies: [String] = [
        everyday,
        #" { "id" : "6F1E3B1A-0000-4000-8000-000000000001" , "contentType" : "text" , "text" : "a passage" } "#,
        "{\n\t\"id\":\"6f1e3b1a-0000-4000-8000-000000000001\",\r\n\"contentType\":\"url\",\"url\":\"https://example.com\"}",
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","url":null,"text":null,"title":null,"userNote":null,"wall":null,"tags":null,"timestamp":null,"source":null}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","tags":[],"wall":"Reading","userNote":"é 東京 🧱"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","tags":[ "a" , "b" ],"timestamp":"2026-11-22T09:30:00Z"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","timestamp":"2026-11-22T09:30:00.123Z"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","title":"with \"escapes\" \u00e9"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","unknown":1}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","url":"a","url":"b"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","page":{"title":"T","capturedBy":"safari","text":"x"}}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","page":null}"#,
        #"{"id":"not-a-uuid","contentType":"url"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"video"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","source":"fax"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","timestamp":"yesterday"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","title":5}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","tags":"bench"}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","tags":[null]}"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url"} trailing"#,
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url",}"#,
        #"{"contentType":"url"}"#, #"{"id":null,"contentType":"url"}"#, "{}", "", "[]", "null", "{",
        #"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","title":nullx}"#,
        "{\"id\":\"6f1e3b1a-0000-4000-8000-000000000001\",\"contentType\":\"url\",\"title\":\"tab\tinside\"}",
    ]

    /// What `JSONDecoder` makes of `bytes`, or nil when it refuses them.
    static func decoded(_ bytes: [UInt8]) -> ShareRequest? {
        try? WallJSON.decoder().decode(ShareRequest.self, from: Data(bytes))
    }

    static func read(_ bytes: [UInt8]) -> ShareRequest? {
        ShareRequestReader.read(ByteBuffer(bytes: bytes))
    }

    @Test func readsTheEverydayShapesAsTheDecoderDoes() throws {
        for body in Self.bodies.prefix(7) {
            let bytes = Array(body.utf8)
            let read = try #require(Self.read(bytes), "\(body)")
            #expect(read == Self.decoded(bytes), "\(body)")
        }
        let read = try #require(Self.read(Array(Self.everyday.utf8)))
        #expect(read.tags == ["bench"] && read.source == .api && read.contentType == .url)
    }

    @Test func leavesEverythingElseToTheDecoder() {
        for body in Self.bodies.dropFirst(7) {
            #expect(Self.read(Array(body.utf8)) == nil, "\(body)")
        }
        let invalidUTF8 = Array(#"{"id":"6f1e3b1a-0000-4000-8000-000000000001","contentType":"url","title":""#.utf8)
            + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(Self.read(invalidUTF8) == nil)
    }

    /// Mangled bodies: whatever the reader takes, the decoder takes the same.
    @Test func neverReadsWhatTheDecoderWouldNot() {
        var generator = SystemRandomNumberGenerator()
        let pieces = Array(#"{}[]",:\ nul0aZ"#.utf8) + [0x09, 0x0A, 0x00, 0x7F, 0xC3, 0xA9]
        var taken = 0
        for _ in 0..<4_000 {
            var bytes = Array(Self.bodies.prefix(7).randomElement(using: &generator)!.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[at] = pieces.randomElement(using: &generator)!
                case 1: bytes.insert(pieces.randomElement(using: &generator)!, at: at)
                default: bytes.remove(at: at)
                }
            }
            if let read = Self.read(bytes) {
                taken += 1
                #expect(read == Self.decoded(bytes), "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(taken > 0)
    }
}
