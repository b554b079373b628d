import Foundation

/// A TCP relay on 127.0.0.1 in front of the test PostgreSQL (a small Python asyncio script, run
/// as its own process): it passes bytes both ways, except that the first connection to send a
/// `LISTEN` becomes a black hole, open and silent, its LISTEN never answered, as behind a network
/// that drops packets. (`BlackHoleProxy` in the store tests is the same relay in Swift.)
final class ListenBlackHole {
    /// The relay's port.
    let port: Int
    private let process = Process()

    /// Starts relaying to the PostgreSQL server `url` points at.
    init(to url: String) throws {
        guard let target = URLComponents(string: url), let host = target.host, let targetPort = target.port else {
            throw ProcessFailure("not a PostgreSQL URL with a host and port: \(url)")
        }
        port = try FreePort.pick()
        let ready = FileManager.default.temporaryDirectory.appendingPathComponent("listen-black-hole-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: ready) }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, host, String(targetPort), String(port), ready]
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: ready) {
            guard Date() < deadline, process.isRunning else {
                stop()
                throw ProcessFailure("the LISTEN black hole did not start")
            }
            usleep(20_000)
        }
    }

    /// `url` with its port replaced by the relay's.
    func route(_ url: String) throws -> String {
        guard var components = URLComponents(string: url) else { throw ProcessFailure("not a URL: \(url)") }
        components.port = port
        return components.string ?? url
    }

    /// Stops the relay (SIGKILL: a child of the test process inherits its blocked SIGTERM).
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private static let script = #"""
        import asyncio, re, sys
        host, port, own_port, ready = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        armed = True

        async def relay(replica_reader, replica_writer):
            db_reader, db_writer = await asyncio.open_connection(host, port)
            hole = False

            async def up():
                global armed
                nonlocal hole
                tail = b""
                while data := await replica_reader.read(65536):
                    seen, tail = tail + data, (tail + data)[-16:]
                    if armed and not hole and re.search(rb'(?<!UN)LISTEN "', seen):
                        armed, hole = False, True
                    if not hole:
                        db_writer.write(data)
                        await db_writer.drain()

            async def down():
                while data := await db_reader.read(65536):
                    if not hole:
                        replica_writer.write(data)
                        await replica_writer.drain()

            tasks = [asyncio.ensure_future(up()), asyncio.ensure_future(down())]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in tasks:
                task.cancel()
            replica_writer.close()
            db_writer.close()

        async def main():
            server = await asyncio.start_server(relay, "127.0.0.1", own_port)
            open(ready, "w").close()
            await server.serve_forever()

        asyncio.run(main())
        """#
}
