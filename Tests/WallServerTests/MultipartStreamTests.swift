import Foundation
import Testing
import WallCore
@testable import WallServer

/// The one multipart parser: parts split right however the bytes are cut, every cap refused as the
/// bytes arrive, and hostile bodies (`\r` floods, near-delimiters) handed on in linear work.
@Suite struct MultipartStreamTests {
    /// What a handler saw: each part's headers and bytes.
    struct Recorder: MultipartPartHandler {
        var parts: [(headers: MultipartPartHeaders, bytes: [UInt8])] = []
        var ended = 0
        /// How many times bytes were handed on, and how many in all (to bound the work done).
        var deliveries = 0
        var delivered = 0

        mutating func partBegan(_ headers: MultipartPartHeaders) throws { parts.append((headers, [])) }
        mutating func partBytes(_ bytes: ArraySlice<UInt8>) throws {
            parts[parts.count - 1].bytes += bytes
            deliveries += 1
            delivered += bytes.count
        }
        mutating func partEnded() throws { ended += 1 }
    }

    static func body(_ parts: [(String, String)], boundary: String = "XyZ") -> [UInt8] {
        var text = ""
        for (name, value) in parts {
            text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        return Array((text + "--\(boundary)--\r\n").utf8)
    }

    static func parse(_ body: [UInt8], chunk: Int, boundary: String = "XyZ", max: Int64 = 1 << 30) throws -> Recorder {
        var parser = try MultipartStream(boundary: boundary, maxBodyBytes: max)
        var recorder = Recorder()
        var index = 0
        while index < body.count {
            let end = Swift.min(body.count, index + chunk)
            try parser.feed(body[index..<end], into: &recorder)
            index = end
        }
        try parser.finish()
        return recorder
    }

    @Test(arguments: [1, 2, 3, 7, 64, 100_000])
    func partsAreTheSameHoweverTheBytesAreCut(_ chunk: Int) throws {
        let values = [("a", "one"), ("b", ""), ("c", "line\r\nbreak and \r\n--XyY-not quite \r\n--Xy"), ("d", "\r\r\r\n\r\n")]
        let recorder = try Self.parse(Self.body(values), chunk: chunk)
        #expect(recorder.parts.map { $0.headers.name } == ["a", "b", "c", "d"])
        #expect(recorder.parts.map { String(decoding: $0.bytes, as: UTF8.self) } == values.map(\.1))
        #expect(recorder.ended == 4)
    }

    @Test func aPreambleAndFileNamesAreRead() throws {
        let body = Array("ignored preamble\r\n--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a b.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--B--".utf8)
        let recorder = try Self.parse(body, chunk: 5, boundary: "B")
        #expect(recorder.parts.count == 1)
        #expect(recorder.parts[0].headers.filename == "a b.png")
        #expect(recorder.parts[0].headers.fields.map(\.name) == ["content-disposition", "content-type"])
    }

    @Test func aBodyWithoutItsClosingDelimiterIsUnreadable() throws {
        let body = Array(Self.body([("a", "one")]).dropLast(8))
        #expect(throws: MultipartRefusal.self) { try Self.parse(body, chunk: 10) }
    }

    @Test func aBoundaryWithALineBreakOrOverSeventyBytesIsRefused() {
        #expect(throws: MultipartRefusal.self) { try MultipartStream(boundary: "a\r\nb", maxBodyBytes: 10) }
        #expect(throws: MultipartRefusal.self) { try MultipartStream(boundary: String(repeating: "b", count: 71), maxBodyBytes: 10) }
        #expect(throws: MultipartRefusal.self) { try MultipartStream(boundary: "", maxBodyBytes: 10) }
    }

    @Test func aPartHeaderThatNeverEndsIsCutOffAtItsCap() throws {
        var parser = try MultipartStream(boundary: "B", maxBodyBytes: 1 << 30)
        var recorder = Recorder()
        try parser.feed(Array("--B\r\nX: ".utf8), into: &recorder)
        let chunk = [UInt8](repeating: UInt8(ascii: "A"), count: 1_000)
        var fed = 0
        let refusal = #expect(throws: MultipartRefusal.self) {
            while fed < 10 * Limits.maxPartHeaderBytes {
                try parser.feed(chunk, into: &recorder)
                fed += chunk.count
            }
        }
        #expect(refusal == .tooLarge("A part's headers are larger than \(Limits.maxPartHeaderBytes) bytes."))
        #expect(fed <= Limits.maxPartHeaderBytes, "refused as soon as the cap was passed, after \(fed) bytes")
        #expect(recorder.parts.isEmpty)
    }

    @Test func anEndlessPreambleIsCutOffAtItsCap() throws {
        var parser = try MultipartStream(boundary: "B", maxBodyBytes: 1 << 30)
        var recorder = Recorder()
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000)
        #expect(throws: MultipartRefusal.self) {
            for _ in 0..<100 { try parser.feed(chunk, into: &recorder) }
        }
    }

    @Test func tooManyPartsAreRefused() throws {
        let values = (0...Limits.maxMultipartParts).map { ("f\($0)", "v") }
        #expect(throws: MultipartRefusal.tooLarge("A multipart body holds at most \(Limits.maxMultipartParts) parts.")) {
            try Self.parse(Self.body(values), chunk: 4_096)
        }
        #expect(try Self.parse(Self.body(Array(values.dropLast())), chunk: 4_096).parts.count == Limits.maxMultipartParts)
    }

    @Test func theWholeBodyIsCappedAsItArrives() throws {
        let body = Self.body([("a", String(repeating: "z", count: 10_000))])
        #expect(throws: MultipartRefusal.self) { try Self.parse(body, chunk: 1_000, max: 5_000) }
        #expect(try Self.parse(body, chunk: 1_000, max: Int64(body.count)).parts.count == 1)
    }

    /// A `\r` flood and a flood of near-delimiters are handed on once each: the bytes delivered
    /// are the bytes sent, in about one delivery per chunk (the old reader copied the whole field
    /// again on every chunk, so its work grew with the square of the size).
    @Test(arguments: ["\r", "\r\n--Xy", "\r\n-"])
    func floodsAreHandedOnOnce(_ unit: String) throws {
        let flood = String(repeating: unit, count: 200_000 / unit.utf8.count)
        let chunk = 1_000
        let recorder = try Self.parse(Self.body([("text", flood)]), chunk: chunk)
        #expect(recorder.parts.count == 1)
        #expect(recorder.parts[0].bytes.count == flood.utf8.count)
        #expect(recorder.delivered == flood.utf8.count)
        #expect(recorder.deliveries <= flood.utf8.count / chunk + 3)
    }

    @Test func theFormReaderUsesTheSameParser() throws {
        let form = try FormData.parse(Self.body([("_csrf", "t"), ("title", "Hi")]), contentType: "multipart/form-data; boundary=XyZ")
        #expect(form["_csrf"] == "t" && form["title"] == "Hi")
        #expect(throws: ValidationError.self) {
            try FormData.parse(Array("--XyZ\r\nX: \(String(repeating: "A", count: 20_000))".utf8), contentType: "multipart/form-data; boundary=XyZ")
        }
    }
}
