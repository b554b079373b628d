import ArgumentParser
import WallCore
import WallStore

/// A command that failed for a reason the person can act on: printed, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Turns domain errors into messages a person can read.
enum CommandErrors {
    static func explain<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as WallCore.ValidationError {
            throw CommandFailure(error.message)
        } catch let error as StoreError {
            switch error {
            case .usernameTaken: throw CommandFailure("That user name is taken.")
            case .notFound(let what): throw CommandFailure("No such \(what).")
            default: throw CommandFailure("\(error)")
            }
        }
    }
}

extension CommandErrors {
    /// Turns a backup's or a restore's refusal into its message (exit status 1).
    static func explainBackup<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as BackupError { throw CommandFailure(error.description) }
    }
}
