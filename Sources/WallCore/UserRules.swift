import Foundation

/// What a user name and a password must look like.
public enum UserRules {
    /// The user name, trimmed; letters, digits, `.`, `_` and `-` only.
    public static func username(_ raw: String, field: String = "username") throws(ValidationError) -> String {
        let name = raw.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw .missing(field) }
        guard Limits.usernameLength.contains(name.count) else {
            throw .invalid(field, "\(field) must be at most \(Limits.usernameLength.upperBound) characters.")
        }
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        guard allowed else { throw .invalid(field, "\(field) may hold letters, digits, '.', '_' and '-' only.") }
        return name
    }

    /// A name for a new account: as `username`, and not only dots (`.` and `..` are path
    /// segments a browser resolves away, so pages addressing the person by a path could not
    /// reach them).
    public static func newUsername(_ raw: String, field: String = "username") throws(ValidationError) -> String {
        let name = try username(raw, field: field)
        guard name.contains(where: { $0 != "." }) else {
            throw .invalid(field, "\(field) must hold a letter, digit, '_' or '-', not only dots.")
        }
        return name
    }

    /// Checks a new password's length (bcrypt reads at most 72 bytes, so longer ones are refused).
    public static func newPassword(_ password: String, field: String = "password") throws(ValidationError) {
        guard password.count >= Limits.minPasswordLength else {
            throw .invalid(field, "\(field) must be at least \(Limits.minPasswordLength) characters.")
        }
        guard password.utf8.count <= Limits.maxPasswordBytes else {
            throw .invalid(field, "\(field) must be at most \(Limits.maxPasswordBytes) bytes.")
        }
        guard !password.contains("\u{0}") else { throw .invalid(field, "\(field) contains a NUL character.") }
    }
}
