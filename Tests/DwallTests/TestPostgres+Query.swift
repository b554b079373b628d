import Foundation

extension TestPostgres {
    /// Runs one query against the database at `url` and returns its rows as `psql -At` prints them.
    static func query(_ sql: String, on url: String) throws -> String {
        let binary = ["/usr/lib/postgresql/15/bin/psql", "/usr/bin/psql"]
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "psql"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [url, "-qAtX", "-v", "ON_ERROR_STOP=1", "-c", sql]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ProcessFailure("psql \(sql) failed") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
