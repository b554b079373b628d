import Foundation

/// Runs `dwall` admin commands to completion and captures what they print.
struct CommandResult {
    var status: Int32
    var output: String
    var errorOutput: String
}

enum CommandRunner {
    /// Runs `dwall ARGUMENTS`, in `directory` when given (for relative paths), to completion.
    static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:], in directory: URL? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DwallBinary.path)
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            output: String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            errorOutput: String(decoding: err, as: UTF8.self)
        )
    }
}
