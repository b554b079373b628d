import Foundation
import Testing
import WallCore

/// `dwall export --with-files` and `dwall import` of the zip, through the real binary and two
/// real servers: the files come back byte for byte.
@Suite(.serialized) struct ArchiveCommandTests {
    @Test func exportWithFilesThenImportIntoAnEmptyServerBringsTheFilesBack() async throws {
        let setting = try SignedInClient()
        defer { setting.cleanUp() }
        let client = setting.client
        let pdf = client.home.appendingPathComponent("receipt.pdf")
        let pdfBytes = Data("%PDF-1.4\nnot much of a document\n".utf8)
        try pdfBytes.write(to: pdf)
        let shared = try client.run(["share", "--note", "the receipt", "--file", pdf.path])
        #expect(shared.status == 0, "\(shared.errorOutput)")
        #expect(try client.run(["share", "https://archive.example/"]).status == 0)
        let items = try await setting.items()
        #expect(items.count == 2)

        let archive = client.home.appendingPathComponent("wall.zip")
        let export = try client.run(["export", "--with-files", "--output", archive.path])
        #expect(export.status == 0, "\(export.errorOutput)")
        #expect(try Data(contentsOf: archive).prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
        #expect(try client.run(["export", "--with-files", "--format", "html"]).status != 0, "--with-files is JSON only")

        let empty = try SignedInClient()
        defer { empty.cleanUp() }
        let restore = try empty.client.run(["import", archive.path, "--no-enrich"])
        #expect(restore.status == 0, "\(restore.output) \(restore.errorOutput)")
        #expect(restore.output.hasPrefix("Imported 2, 0 already there, 0 skipped"), "\(restore.output)")
        let restored = try await empty.items()
        #expect(restored.map(\.id) == items.map(\.id))
        #expect(restored.map(\.createdAt) == items.map(\.createdAt))
        let file = try #require(restored.first { $0.kind == .file })
        #expect(file.userNote == "the receipt")
        #expect(file.file?.sha256 == items.first { $0.kind == .file }?.file?.sha256)

        let again = try empty.client.run(["import", archive.path])
        #expect(again.output.hasPrefix("Imported 0, 2 already there"), "\(again.output)")
    }
}
