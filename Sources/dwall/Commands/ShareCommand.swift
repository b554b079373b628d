import ArgumentParser
import Foundation
import ShareKit
import WallCore

/// `dwall share URL|PATH…|--text TEXT|--file PATH…|-`: store a share in the outbox, then send it;
/// exits 0 when it is saved or queued (safe either way), non-zero only when nothing was stored.
/// Each file is a share of its own (one item each), copied into the outbox before it is sent; a
/// path given where a web address could be is the file (`dwall share photo.png`).
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share a link, a passage, or images and files to your wall.",
        discussion: """
            Prints 'saved ITEM_ID' when the server has it, or 'queued SHARE_ID' when it is safe on this \
            machine and 'dwall sync' will send it. Exit status: 0 saved or queued; 1 refused, nothing \
            stored; 77 not signed in.
            """
    )

    @Argument(
        help: "A web address, images or PDFs to share (one item each), or '-' to read a link or passage from standard input."
    ) var targets: [String] = []
    @Option(help: "Share this passage of text.") var text: String?
    @Option(
        name: .customLong("file"), parsing: .upToNextOption,
        help: "Share these images or PDFs (JPEG, PNG, GIF, WebP, HEIC, PDF), one item each."
    ) var files: [String] = []
    @Option(help: "A title.") var title: String?
    @Option(help: "Your note.") var note: String?
    @Option(help: "The wall (slug or id); your default wall when absent.") var wall: String?
    @Option(name: .customLong("tag"), help: "A tag (repeat for more).") var tags: [String] = []
    @Flag(help: "Only store it in the outbox; 'dwall sync' sends it.") var queue = false
    @Option(help: "Seconds to keep trying before leaving it queued.") var timeout: Double = 10
    @Flag(help: "Print the result as JSON.") var json = false

    func validate() throws {
        let given = [!targets.isEmpty, text != nil, !files.isEmpty].filter { $0 }.count
        guard given == 1 else { throw ValidationError("Give a URL, files, '-', --text, or --file.") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive.") }
    }

    func run() async throws {
        let context = ClientContext()
        let credentials = try context.credentials()
        let contents = try readContents()
        let shares = ShareDraft(
            contents: contents, note: note, wall: wall, tags: tags, source: .cli
        ).shares().map { share in
            var pending = share
            if let title { pending.request.title = title }
            pending.userID = credentials.userID
            return pending
        }
        let delivery = try context.delivery(credentials, policy: .interactive)
        let results = queue
            ? delivery.queue(shares)
            : await delivery.deliver(shares, within: .milliseconds(Int64(timeout * 1000)))
        var failure: (any Error)?
        for result in results {
            do { try report(result) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// What to share: the passage, standard input's link or passage, one web address, or files.
    private func readContents() throws -> [SharedContent] {
        if let text { return [.text(text, source: nil, title: nil)] }
        if !files.isEmpty { return try files.map(FileContent.read) }
        if targets == ["-"] {
            let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            if let link = LinkDetector.webURL(in: input) { return [.link(link, title: nil)] }
            return [.text(input, source: nil, title: nil)]
        }
        if targets.count == 1, let link = LinkDetector.webURL(in: targets[0]) { return [.link(link, title: nil)] }
        return try targets.map(Self.readFile)
    }

    /// The file at `path`, given where a web address could be.
    private static func readFile(_ path: String) throws -> SharedContent {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            if LinkDetector.webURL(in: path) != nil {
                throw ValidationError("Share one web address at a time; '\(path)' is one of several.")
            }
            throw ValidationError("'\(path)' is neither a web address (http or https) nor a file; use --text for a passage.")
        }
        guard !isFolder.boolValue else { throw ValidationError("'\(path)' is a folder; give the files in it.") }
        return try FileContent.read(path)
    }

    private func report(_ result: DeliveryResult) throws {
        switch result {
        case .saved(let id, let response):
            if json {
                try JSONLine.print(ShareOutput(status: "saved", shareId: id, itemId: response?.item.id, duplicate: response?.duplicate, message: response?.message))
            } else {
                print("saved \((response?.item.id ?? id).uuidString.lowercased())")
                if let message = response?.message { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            }
        case .queued(let id, let reason):
            let why = switch reason {
            case nil: "Queued; 'dwall sync' will send it."
            case .unauthorized?: "Queued on this machine, but the server refused the token: run 'dwall login', then 'dwall sync'."
            case let reason?: "Queued on this machine; 'dwall sync' will send it. \(reason)"
            }
            if json {
                try JSONLine.print(ShareOutput(status: "queued", shareId: id, message: why, error: reason.map(ErrorOutput.init)))
            } else {
                print("queued \(id.uuidString.lowercased())")
                FileHandle.standardError.write(Data((why + "\n").utf8))
            }
        case .failed(let id, let error):
            if json { try JSONLine.print(ShareOutput(status: "failed", shareId: id, message: "\(error)", error: ErrorOutput(error))) }
            throw ClientExit.fail("Not shared: \(error)")
        }
    }
}

/// `dwall share --json` output.
struct ShareOutput: Encodable {
    var status: String
    var shareId: UUID
    var itemId: UUID?
    var duplicate: Bool?
    var message: String?
    var error: ErrorOutput?
}

/// An error in `--json` output: the stable code, the sentence, and the field when there is one.
struct ErrorOutput: Encodable {
    var code: String
    var message: String
    var field: String?

    init(_ error: ShareError) {
        code = error.code
        message = error.description
        if case .invalid(let field, _) = error { self.field = field }
    }
}
