import Testing
import WallCore

@Suite struct UserRulesTests {
    // MARK: User names

    @Test(arguments: ["alice", "a", "Alice", "alice.b_c-1", "007", String(repeating: "u", count: Limits.usernameLength.upperBound)])
    func validUsernameIsAccepted(name: String) throws {
        #expect(try UserRules.username(name) == name)
    }

    @Test func usernameIsTrimmed() throws {
        #expect(try UserRules.username("  bob \t") == "bob")
    }

    @Test(arguments: ["", "   "])
    func blankUsernameIsMissing(name: String) {
        let error = #expect(throws: ValidationError.self) { try UserRules.username(name) }
        #expect(error?.code == .missingField)
        #expect(error?.field == "username")
    }

    @Test func overLongUsernameIsRefused() {
        let name = String(repeating: "u", count: Limits.usernameLength.upperBound + 1)
        let error = #expect(throws: ValidationError.self) { try UserRules.username(name) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "username")
        #expect(error?.message.contains("\(Limits.usernameLength.upperBound)") == true)
    }

    @Test(arguments: [
        "al ice", "alice!", "al@ice", "a/b", "a+b", "\u{E5}lice", "\u{430}lice", "alice\n", "ali\u{0}ce", "\u{1F600}",
    ])
    func usernameWithOtherCharactersIsRefused(name: String) {
        let error = #expect(throws: ValidationError.self) { try UserRules.username(name) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "username")
    }

    @Test func usernameErrorNamesTheGivenField() {
        let error = #expect(throws: ValidationError.self) { try UserRules.username("no spaces", field: "user") }
        #expect(error?.field == "user")
    }

    // MARK: Passwords

    @Test(arguments: [
        String(repeating: "p", count: Limits.minPasswordLength),
        "correct horse battery staple",
        String(repeating: "p", count: Limits.maxPasswordBytes),
        String(repeating: "\u{E9}", count: Limits.minPasswordLength),
        String(repeating: "\u{1F600}", count: Limits.maxPasswordBytes / 4),
    ])
    func acceptablePasswordPasses(password: String) throws {
        try UserRules.newPassword(password)
    }

    @Test(arguments: [
        "",
        String(repeating: "p", count: Limits.minPasswordLength - 1),
        // 7 characters but 28 bytes: the minimum counts characters, not bytes
        String(repeating: "\u{1F600}", count: Limits.minPasswordLength - 1),
    ])
    func shortPasswordIsRefused(password: String) {
        let error = #expect(throws: ValidationError.self) { try UserRules.newPassword(password) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "password")
        #expect(error?.message.contains("at least \(Limits.minPasswordLength)") == true)
    }

    @Test(arguments: [
        String(repeating: "p", count: Limits.maxPasswordBytes + 1),
        // 19 characters but 76 bytes: the maximum counts UTF-8 bytes, not characters
        String(repeating: "\u{1F600}", count: Limits.maxPasswordBytes / 4 + 1),
        String(repeating: "\u{E9}", count: Limits.maxPasswordBytes / 2) + "x",
    ])
    func passwordOverTheByteLimitIsRefused(password: String) {
        let error = #expect(throws: ValidationError.self) { try UserRules.newPassword(password) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "password")
        #expect(error?.message.contains("\(Limits.maxPasswordBytes) bytes") == true)
    }

    @Test func passwordWithNULIsRefused() {
        let error = #expect(throws: ValidationError.self) { try UserRules.newPassword("secret\u{0}secret") }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "password")
    }

    @Test func passwordErrorNamesTheGivenField() {
        let error = #expect(throws: ValidationError.self) { try UserRules.newPassword("short", field: "newPassword") }
        #expect(error?.field == "newPassword")
    }

    @Test(arguments: [".", "..", "...."])
    func aNewNameOfDotsOnlyIsRefused(name: String) {
        let error = #expect(throws: ValidationError.self) { try UserRules.newUsername(name) }
        #expect(error?.field == "username")
        #expect(error?.message.contains("not only dots") == true)
        #expect((try? UserRules.username(name)) == name, "an existing account of that name still signs in")
    }

    @Test(arguments: ["a.", ".b", "a..b", "_", "-"])
    func aNewNameWithMoreThanDotsIsTaken(name: String) throws {
        #expect(try UserRules.newUsername(name) == name)
    }

}
