import ArgumentParser
import NIOCore
import NIOPosix

/// Starts `dwall`: Swift concurrency is moved onto NIO's event loops first, so a request, its
/// awaits and its response stay on one thread instead of hopping between NIO's threads and the
/// concurrency pool. (As Vapor's template does; it must happen before any other task runs.)
@main
enum Entrypoint {
    static func main() async {
        _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await Dwall.main()
    }
}
