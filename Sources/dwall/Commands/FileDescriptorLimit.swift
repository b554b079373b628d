#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files, which bounds how many connections `dwall serve` can hold
/// (each is one file descriptor).
enum FileDescriptorLimit {
    /// Raises the soft limit to the hard one (what an unprivileged process may do), as servers
    /// holding many connections do; returns the soft limit now in force, nil if it can't be read.
    @discardableResult
    static func raiseToHard() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(resourceKind, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resourceKind, &raised) == 0 { limit = raised }
        }
        return UInt64(limit.rlim_cur)
    }

    #if canImport(Glibc)
    private static let resourceKind = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceKind = RLIMIT_NOFILE
    #endif
}
