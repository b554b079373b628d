import Foundation

/// Two `dwall serve` replicas on one fresh PostgreSQL database, each with its own empty data
/// folder, for the tests of what replicas share; `cleanUp` stops both and drops the database.
final class Replicas: @unchecked Sendable {
    /// The database both keep their state in.
    let database: String
    /// The first replica (its admin commands make the users).
    let a: ServerProcess
    /// The second replica.
    let b: ServerProcess

    /// Makes the database and both replicas, neither started, each with `environment` (an S3
    /// store's endpoint and keys) for the server and its admin commands.
    init(environment: [String: String] = [:]) throws {
        database = try TestPostgres.createDatabase()
        do {
            a = try ServerProcess(databaseURL: database)
            b = try ServerProcess(databaseURL: database)
        } catch {
            TestPostgres.drop(database)
            throw error
        }
        a.extraEnvironment = environment
        b.extraEnvironment = environment
    }

    /// Starts both, one after the other, with the same `serve` arguments.
    func start(_ arguments: [String] = ["--rate-limit", "0"]) throws {
        try a.start(extraArguments: arguments)
        try b.start(extraArguments: arguments)
    }

    /// Stops both if they run, removes their folders and drops the database.
    func cleanUp() {
        b.cleanUp()
        a.cleanUp()
        TestPostgres.drop(database)
    }
}
