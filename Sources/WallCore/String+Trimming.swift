extension StringProtocol {
    /// The text without leading and trailing whitespace and line breaks (Unicode's notion), without
    /// going through Foundation's `NSString` bridge: this runs on every share.
    public func trimmingWhitespace() -> SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return self[first...last]
    }
}
