/// Why an S3 blob store could not be set up from the command line and environment.
public enum S3ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `s3://` location is malformed: the text and what is wrong with it.
    case badLocation(String, String)
    /// A required environment variable is missing or empty.
    case missingEnvironment(String)
    /// An environment variable has a value that cannot be used: name, value, and why.
    case badEnvironment(String, String, String)

    /// One sentence for the operator.
    public var description: String {
        switch self {
        case .badLocation(let text, let why): "Bad blob store location \(text): \(why)."
        case .missingEnvironment(let name): "The S3 blob store needs \(name) in the environment."
        case .badEnvironment(let name, let value, let why): "\(name)=\(value) cannot be used: \(why)."
        }
    }
}
