import AsyncHTTPClient
import NIOCore
import WallCore

extension S3Client {
    /// The HTTP client every S3 client shares unless given another: a connect timeout, an idle
    /// timeout between bytes, no redirects (a signed request must go where it was signed for),
    /// and no retrying of a refused connection, so a store that is down fails at once (it lives
    /// as long as the process, so it is never shut down).
    public static let defaultHTTP: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(
            connect: .seconds(Limits.s3ConnectTimeout.components.seconds),
            read: .seconds(Limits.s3IdleTimeout.components.seconds)
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
