import ArgumentParser
import Foundation
import ShareKit

/// `dwall export`: everything on your walls, as our JSON (which `dwall import` reads back) or as
/// bookmark HTML for a browser.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export your walls and items (JSON that 'dwall import' reads back, or bookmark HTML for browsers)."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, html }

    @Option(help: "json (everything) or html (links, for a browser).") var format: Format = .json
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?
    @Flag(help: "A zip of the JSON and every file (photos, PDFs) it refers to; 'dwall import' reads it back.")
    var withFiles = false

    func validate() throws {
        if withFiles, format != .json { throw ValidationError("--with-files exports JSON; leave out --format html.") }
    }

    func run() async throws {
        let context = ClientContext()
        let credentials = try context.credentials()
        let client = context.client(server: credentials.server, token: credentials.token, maxConnections: 1)
        let data: Data
        do { data = try await client.export(format: withFiles ? "zip" : format.rawValue, timeout: .seconds(3_600)) } catch {
            throw ClientExit.fail(error, doing: "Export failed")
        }
        guard let output else {
            FileHandle.standardOutput.write(data)
            return
        }
        do { try data.write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
            throw ClientExit.fail("Could not write \(output): \(error.localizedDescription)")
        }
        FileHandle.standardError.write(Data("Exported to \(output).\n".utf8))
    }
}
