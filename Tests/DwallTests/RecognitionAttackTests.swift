import Foundation
import Testing
import WallCore
import WallMedia

/// Text recognition (OCR) against the real `dwall serve`, with its default Tesseract: an unknown
/// language refused at start in one line, and hostile pictures and PDFs that each end their job
/// with a reason on the item (or, for an empty scan, with no words), the cards still there, the
/// server answering and its memory bounded (RSS from `/proc`).
@Suite(.serialized) struct RecognitionAttackTests {
    @Test func anOCRLanguageThatIsNotInstalledIsRefusedBeforeTheServerStarts() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("dwall-ocr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let result = try CommandRunner.run(
            ["serve", "--data", data, "--port", "0", "--ocr-languages", "eng+klingon"],
            environment: ServerProcess.environment.merging(["DWALL_OCR": "1"]) { $1 }
        )
        #expect(result.status != 0)
        #expect(result.errorOutput.contains("OCR language 'klingon' is not installed (installed: "), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("eng"), "the installed languages are named")
        #expect(!FileManager.default.fileExists(atPath: data + "/wall.sqlite"), "nothing was made")
    }

    @Test func hostilePicturesAndPDFsEndWithAReasonWhileMemoryStaysBounded() async throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        server.extraEnvironment["DWALL_OCR"] = "1"
        let token = try server.makeUser()
        try server.start()
        let client = HTTPClient(baseURL: server.baseURL, token: token)
        let pid = try #require(server.processID)
        let rssBefore = Self.rssBytes(pid)

        let truncated = try ImageRenderer.textImage("Quarterly walrus census", dpi: 150, jpeg: true)
        let shares: [(name: String, bytes: Data, kind: String)] = [
            ("bomb.png", Data(Self.bombPNG(width: 40_000, height: 40_000)), "image"),
            ("cut.jpg", Data(truncated.prefix(truncated.count / 2)), "image"),
            ("empty.pdf", Data(Self.emptyPDF(pages: 2_000)), "file"),
        ]
        var ids: [String: UUID] = [:]
        for share in shares {
            let reply = try await Self.shareFile(client, share.bytes, name: share.name, kind: share.kind)
            #expect(reply.status == 201, "\(share.name): \(String(decoding: reply.body, as: UTF8.self))")
            ids[share.name] = try reply.decode(ShareResponse.self).item.id
        }
        let bomb = try await Self.recognised(try #require(ids["bomb.png"]), client)
        #expect(bomb.recognitionError?.contains("40000×40000") == true, "\(bomb.recognitionError ?? "no reason")")
        #expect(bomb.state == .failed, "the thumbnailer refused it too")
        let cut = try await Self.recognised(try #require(ids["cut.jpg"]), client)
        #expect(cut.recognitionError?.contains("libvips") == true, "\(cut.recognitionError ?? "no reason")")
        let empty = try await Self.recognised(try #require(ids["empty.pdf"]), client)
        #expect(empty.recognizedText == "", "blank pages have no words")
        #expect(empty.recognitionError == nil)

        #expect(Set(try await client.allItems().map(\.id)) == Set(ids.values), "every card is still there")
        #expect(try await client.send("GET", "/healthz").status == 200)
        let grown = Self.rssBytes(pid) - rssBefore
        #expect(grown < 300 * 1_048_576, "RSS grew by \(grown / 1_048_576) MB")
    }

    // MARK: Helpers

    /// The item once its recognition has recorded text or a failure (polled for at most 3 min:
    /// each ends with one of the two, so the wait ends on the result, not on a guess of its time).
    static func recognised(_ id: UUID, _ client: HTTPClient) async throws -> Item {
        let deadline = ContinuousClock.now + .seconds(180)
        while true {
            let item = try await client.send("GET", "/v1/items/\(id.uuidString)").decode(Item.self)
            if item.recognizedText != nil || item.recognitionError != nil { return item }
            try #require(ContinuousClock.now < deadline, "no recognition result for \(id)")
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    static func shareFile(_ client: HTTPClient, _ bytes: Data, name: String, kind: String) async throws -> HTTPClient.Reply {
        let boundary = "dwall-ocr-\(UUID().uuidString)"
        let metadata = #"{"id":"\#(UUID().uuidString)","contentType":"\#(kind)"}"#
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n\(metadata)\r\n".utf8)
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n\r\n".utf8))
        body.append(bytes)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return try await client.send("POST", "/v1/share", json: body, headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"])
    }

    /// A grey PNG claiming `width` × `height` pixels (1.6 billion for 40,000²) whose pixel data
    /// is a few kilobytes of zeros: decoded, it would take 1.6 GB.
    static func bombPNG(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        // zlib: one stored block of 4,096 zeros (the stream simply ends early).
        let zeros = [UInt8](repeating: 0, count: 4_096)
        let stored: [UInt8] = [0x78, 0x01, 0, 0x00, 0x10, 0xFF, 0xEF] + zeros
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0])
            + chunk("IDAT", stored) + chunk("IEND", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A PDF of `pages` empty pages (200 × 100 points each, no text, no pictures).
    static func emptyPDF(pages: Int) -> [UInt8] {
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\((0..<pages).map { "\($0 + 3) 0 R" }.joined(separator: " "))] /Count \(pages) >>",
        ]
        for _ in 0..<pages { objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>") }
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { pdf += String(format: "%010d 00000 n \n", offset) }
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(pdf.utf8)
    }

    /// A process's resident memory, in bytes.
    static func rssBytes(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1_024
    }
}
