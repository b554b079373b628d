/// How one entry of a drain ended.
enum DrainOutcome: Sendable {
    case delivered
    case refused(DrainReport.Refusal)
    case busy
    case gone
    case otherAccount
    case damaged(DamagedEntry)
    /// Kept pending, and the drain should stop: the error says the server can't take shares now.
    case stop(ShareError)
}

/// The shared state of a drain's tasks: the next entry to take, and the report so far.
struct DrainState: Sendable {
    let names: [String]
    var nextIndex = 0
    var report: DrainReport

    init(names: [String]) {
        self.names = names
        self.report = DrainReport(progress: DrainProgress(total: names.count))
    }

    /// The next entry, oldest first; `nil` when all are taken or the drain has stopped.
    mutating func next() -> String? {
        guard report.stoppedBy == nil, nextIndex < names.count else { return nil }
        defer { nextIndex += 1 }
        return names[nextIndex]
    }

    /// Counts an outcome; returns the progress so far.
    mutating func record(_ outcome: DrainOutcome) -> DrainProgress {
        switch outcome {
        case .delivered: report.progress.delivered += 1
        case .refused(let refusal):
            report.progress.failed += 1
            report.refused.append(refusal)
        case .busy:
            report.busy += 1
            report.progress.skipped += 1
        case .gone: report.progress.skipped += 1
        case .otherAccount:
            report.otherAccount += 1
            report.progress.skipped += 1
        case .damaged(let entry):
            report.damaged.append(entry)
            report.progress.skipped += 1
        case .stop(let error):
            report.progress.skipped += 1
            if report.stoppedBy == nil { report.stoppedBy = error }
        }
        return report.progress
    }
}
