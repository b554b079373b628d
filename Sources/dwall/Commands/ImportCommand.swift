import ArgumentParser
import Foundation
import ShareKit
import WallCore
import WallImport

/// `dwall import FILE`: bring bookmarks from a browser, Pocket, linkding, Karakeep, a list of
/// links or our own export onto your walls, over the API, in batches.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import bookmarks (browser HTML, Pocket CSV, linkding or Karakeep JSON, a list of links, or a dwall export).",
        discussion: """
            The format is read from the file's content. Each entry has a stable id, so running the same \
            import again (after an interruption, say) adds nothing twice. Exit status: 0 the file was \
            imported (entries that could not be, if any, are listed with their reasons); 1 the file can't \
            be read or the server refused it; 75 the server could not be reached, run it again; 77 the \
            server refused the token.
            """
    )

    @Argument(help: "The file to import ('-' for standard input).") var file: String
    @Option(help: "What bookmark folders become: tags or walls.") var folders: ImportOptions.Folders = .tags
    @Option(help: "Put every entry that names no wall on this wall (made when missing).") var wall: String?
    @Flag(name: .customLong("no-enrich"), help: "Don't fetch link previews for the imported items.") var noEnrich = false
    @Option(help: "Entries per request (one transaction each).") var batchSize = 500
    @Flag(help: "Read the file and say what would be imported, without sending anything.") var dryRun = false
    @Flag(help: "Print the result as JSON.") var json = false

    func validate() throws {
        guard (1...Limits.maxImportBatchEntries).contains(batchSize) else {
            throw ArgumentParser.ValidationError("--batch-size must be 1 to \(Limits.maxImportBatchEntries).")
        }
    }

    func run() async throws {
        let data = try readData()
        if data.starts(with: Self.zipMagic) { return try await importArchive(data) }
        let parsed = try parse(data)
        if dryRun {
            print("\(parsed.entries.count) entries to import from a \(parsed.format.rawValue) file (\(parsed.encoding.rawValue)); \(parsed.problems.count) can't be read.")
            for problem in parsed.problems { print("skipped \(problem)") }
            return
        }
        let context = ClientContext()
        let credentials = try context.credentials()
        let client = context.client(server: credentials.server, token: credentials.token, maxConnections: 1)
        let bar = ProgressBar(enabled: !json && ProgressBar.isTerminal)
        var summary = ImportSummary(parsed: parsed)
        do throws(ShareError) {
            try await ImportUpload(client: client, batchSize: batchSize, enrich: !noEnrich).send(parsed) { results, done in
                summary.add(results, from: parsed.entries)
                bar.update(done: done, total: parsed.entries.count, label: "imported \(summary.imported)")
            }
        } catch {
            bar.finish()
            summary.print(json: json)
            throw ClientExit.fail(error, doing: "Import stopped after \(summary.sent) of \(parsed.entries.count) entries (run it again to go on)")
        }
        bar.finish()
        summary.print(json: json)
    }

    /// A zip archive's first bytes (`dwall export --with-files`).
    static let zipMagic = Data([0x50, 0x4B, 0x03, 0x04])

    private func readData() throws -> Data {
        do {
            return file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw ClientExit.fail("Could not read \(file): \(error.localizedDescription)")
        }
    }

    /// An export with its files goes to the server whole; it stores the files, then the items.
    private func importArchive(_ data: Data) async throws {
        if dryRun {
            print("A Digital Wall archive of \(data.count) bytes (its files and items are read by the server).")
            return
        }
        let context = ClientContext()
        let credentials = try context.credentials()
        let client = context.client(server: credentials.server, token: credentials.token, maxConnections: 1)
        let response: ImportResponse
        do {
            response = try await client.importArchive(data, enrich: !noEnrich, timeout: .seconds(3_600))
        } catch {
            throw ClientExit.fail(error, doing: "Import failed (run it again: nothing is stored twice)")
        }
        var summary = ImportSummary(archiveEntries: response.results.count)
        summary.add(response.results, from: [])
        summary.print(json: json)
    }

    private func parse(_ data: Data) throws -> ParsedImport {
        do throws(ImportFileError) {
            return try ImportFile.parse(data, options: ImportOptions(folders: folders, wall: wall))
        } catch {
            throw ClientExit.fail("\(file): \(error.message)")
        }
    }
}

extension ImportOptions.Folders: ExpressibleByArgument {}
