/// An argument the server cannot start with, said in a sentence.
public struct ArgumentError: Error, CustomStringConvertible {
    /// What is wrong and how to put it right.
    public var description: String

    /// Makes an error.
    public init(_ description: String) { self.description = description }
}
