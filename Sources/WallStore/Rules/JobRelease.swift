import WallCore

/// Where a released job goes (its worker gave it back unrun, e.g. while stopping): queued again,
/// due at its run time as before, with `attempts` claims counted.
struct JobRelease: Sendable, Equatable {
    var state: JobState
    var attempts: Int
}
