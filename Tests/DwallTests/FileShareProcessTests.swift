import Foundation
import ShareKit
import Testing
import WallCore

/// Files through the real binary: `dwall share --file`, the outbox copy, and a server killed in
/// the middle of an upload.
@Suite(.serialized) struct FileShareProcessTests {
    @Test func shareFileSendsEachFileAsAnItemAndRefusesWhatTheServerWould() async throws {
        let session = try SignedInClient()
        defer { session.cleanUp() }
        let client = session.client

        let folder = client.home.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = folder.appendingPathComponent("shot.png")
        let pdf = folder.appendingPathComponent("receipt.pdf")
        let fake = folder.appendingPathComponent("notes.jpg")
        try Data(Self.pngSignature + [UInt8](repeating: 7, count: 200)).write(to: png)
        try Data("%PDF-1.4\nnot much of a document\n".utf8).write(to: pdf)
        try Data("just text\n".utf8).write(to: fake)

        let refused = try client.run(["share", "--file", fake.path])
        #expect(refused.status != 0)
        #expect(refused.errorOutput.contains("text/plain"))
        #expect(try client.outbox().pending.isEmpty)

        // Queued first, the originals deleted: the outbox holds its own copies.
        let queued = try client.run(["share", "--queue", "--note", "two files", "--file", png.path, pdf.path])
        #expect(queued.status == 0, "\(queued.errorOutput)")
        try FileManager.default.removeItem(at: folder)
        let synced = try client.run(["sync"])
        #expect(synced.status == 0, "\(synced.errorOutput)")

        let items = try await session.items()
        #expect(items.count == 2)
        #expect(Set(items.compactMap { $0.file?.name }) == ["shot.png", "receipt.pdf"])
        #expect(Set(items.compactMap { $0.file?.contentType }) == ["image/png", "application/pdf"])
        #expect(items.allSatisfy { $0.userNote == "two files" })
        #expect(try client.outbox().pending.isEmpty)
    }

    @Test func aPathWhereAWebAddressCouldBeSharesTheFile() async throws {
        let session = try SignedInClient()
        defer { session.cleanUp() }
        let client = session.client
        let folder = client.home.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.pngSignature + [UInt8](repeating: 3, count: 300)).write(to: folder.appendingPathComponent("photo.png"))
        try Data("%PDF-1.4\nscan\n".utf8).write(to: folder.appendingPathComponent("scan.pdf"))
        try Data("just text\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))

        // Refused, nothing stored: a missing file, a folder, a file that is no picture or PDF, and
        // several web addresses at once.
        for (arguments, says) in [
            (["share", "missing.png"], "'missing.png' is neither a web address"),
            (["share", "."], "'.' is a folder"),
            (["share", "notes.txt"], "text/plain"),
            (["share", "photo.png", "https://example.com/a"], "one web address at a time"),
        ] {
            let refused = try client.run(arguments, in: folder)
            #expect(refused.status != 0 && refused.errorOutput.contains(says), "\(arguments): \(refused.errorOutput)")
        }
        #expect(try client.outbox().pending.isEmpty)
        #expect(try await session.items().isEmpty)

        // `dwall share photo.png scan.pdf`, relative to where it runs: one item each, the files.
        let shared = try client.run(["share", "--note", "from the folder", "photo.png", "scan.pdf"], in: folder)
        #expect(shared.status == 0, "\(shared.errorOutput)")
        #expect(shared.output.components(separatedBy: "\n").filter { $0.hasPrefix("saved ") }.count == 2, "\(shared.output)")
        let items = try await session.items()
        #expect(Set(items.compactMap { $0.file?.name }) == ["photo.png", "scan.pdf"])
        #expect(items.allSatisfy { $0.userNote == "from the folder" })
    }

    @Test func aServerKilledMidUploadStoresNoItemAndNoHalfBlob() async throws {
        let server = try ServerProcess()
        defer { server.cleanUp() }
        let token = try server.makeUser()
        try server.start()

        // A complete first file, then half of a 4 MB second one; then SIGKILL.
        let boundary = "kill-\(UUID().uuidString)"
        let metadata = try WallJSON.encoder().encode(ShareRequest(contentType: .image, source: .cli))
        var head = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n".utf8) + metadata
        head += Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n".utf8)
        head += Data(Self.pngSignature + [UInt8](repeating: 1, count: 100_000))
        head += Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.png\"\r\n\r\n".utf8)
        let second = Data(Self.pngSignature + [UInt8](repeating: 2, count: 4_000_000))
        let total = head.count + second.count + "\r\n--\(boundary)--\r\n".utf8.count
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        try connection.send(Data("""
            POST /v1/share HTTP/1.1\r
            Host: 127.0.0.1\r
            Authorization: Bearer \(token)\r
            Content-Type: multipart/form-data; boundary=\(boundary)\r
            Content-Length: \(total)\r
            \r

            """.utf8))
        try connection.send(head)
        try connection.send(second.prefix(second.count / 2))
        try await Task.sleep(for: .milliseconds(300))
        try server.stop(signal: SIGKILL)

        // Every blob on disk is whole (its name is the SHA-256 of its bytes); nothing half-written
        // is under a hash, and after a restart no item exists and the uploads left behind are gone.
        try Self.expectEveryBlobIsWhole(server)
        try server.start()
        let tmp = server.dataDirectory + "/blobs/tmp"
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
        #expect(try await HTTPClient(baseURL: server.baseURL, token: token).allItems().isEmpty)
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Checks each stored blob's bytes against its name with `sha256sum`.
    static func expectEveryBlobIsWhole(_ server: ServerProcess) throws {
        let root = server.dataDirectory + "/blobs/sha256"
        let prefixes = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for prefix in prefixes {
            for name in try FileManager.default.contentsOfDirectory(atPath: "\(root)/\(prefix)") {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
                process.arguments = ["\(root)/\(prefix)/\(name)"]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(output.hasPrefix(name), "blob \(name) holds other bytes")
            }
        }
    }
}

/// A plain TCP connection, to send an HTTP request in pieces.
final class RawConnection {
    private let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ProcessFailure("connect failed: \(errno)") }
    }

    func send(_ data: Data) throws {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw ProcessFailure("send failed: \(errno)") }
            offset += sent
        }
    }

    func close() { _ = Glibc.close(socket) }
}
