import Foundation

/// The test process's own open-files limit: a test holding thousands of connections needs more
/// than the usual soft limit of 1,024.
enum OpenFiles {
    /// Raises the soft limit to the hard one; returns the soft limit now in force.
    static func raiseLimit() -> UInt64 {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return UInt64(limit.rlim_cur)
    }

    /// How many TCP connections process `pid` holds (accepted, not waiting in its backlog) whose
    /// far end is one of `peers` (IPv4 addresses as text).
    static func connections(pid: Int32, from peers: Set<String>) -> Int {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let inodes = Set(names.compactMap { name -> Substring? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name),
                  target.hasPrefix("socket:[")
            else { return nil }
            return Substring(target.dropFirst(8).dropLast())
        })
        // /proc/net/tcp names the far end as little-endian hex: 127.0.0.2 is 0200007F.
        let hexPeers = Set(peers.map { peer in
            peer.split(separator: ".").reversed().map { String(format: "%02X", Int($0) ?? 0) }.joined()
        })
        // Read to its end: /proc files say they are empty, and a plain file read stops at a page.
        let data = FileHandle(forReadingAtPath: "/proc/\(pid)/net/tcp")?.readDataToEndOfFile() ?? Data()
        let table = String(decoding: data, as: UTF8.self)
        return table.split(separator: "\n").dropFirst().filter { row in
            let columns = row.split(separator: " ")
            guard columns.count > 9, let remote = columns[2].split(separator: ":").first else { return false }
            return hexPeers.contains(String(remote)) && inodes.contains(columns[9])
        }.count
    }
}
