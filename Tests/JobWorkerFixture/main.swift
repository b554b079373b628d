// A job worker for the queue tests to kill: opens the store named on the command line, claims
// one job of the given kind for the given lease, prints `claimed JOB-ID OWNER`, and then holds
// it, "working", until it is killed. (A test helper, built with the tests; not shipped.)
//
//   JobWorkerFixture sqlite PATH KIND LEASE-SECONDS
//   JobWorkerFixture postgres URL KIND LEASE-SECONDS

import Foundation
import WallStore

let arguments = CommandLine.arguments
guard arguments.count == 5, let leaseSeconds = Int64(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: JobWorkerFixture sqlite|postgres PATH|URL KIND LEASE-SECONDS\n".utf8))
    exit(2)
}
let store: any WallStore = arguments[1] == "sqlite"
    ? try SQLiteStore(path: arguments[2])
    : try PostgresStore(url: arguments[2], maxConnections: 4)
let owner = "fixture-\(ProcessInfo.processInfo.processIdentifier)"

try await store.whileRunning {
    var claimed: [Job] = []
    while claimed.isEmpty {
        claimed = try await store.jobs.claim(
            kinds: [JobKind(rawValue: arguments[3])], owner: owner, limit: 1, lease: .seconds(leaseSeconds),
            retry: .standard
        )
        if claimed.isEmpty { await store.jobs.waitForJobs(timeout: .milliseconds(100)) }
    }
    FileHandle.standardOutput.write(Data("claimed \(claimed[0].id.uuidString.lowercased()) \(owner)\n".utf8))
    // "Working" until killed.
    while true { try await Task.sleep(for: .seconds(3_600)) }
}
