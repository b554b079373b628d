/// Comparisons of secrets that take as long whatever the first difference, so timing tells an
/// attacker nothing about how much of a guess was right.
public enum ConstantTime {
    /// Whether two strings are equal, comparing every byte of equally long ones.
    public static func equal(_ left: String, _ right: String) -> Bool {
        let left = Array(left.utf8)
        let right = Array(right.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(left, right) { difference |= a ^ b }
        return difference == 0
    }
}
