import Testing
import WallCore

@Suite struct TokenLabelTests {
    @Test(arguments: ["iPhone", "Work laptop \u{2014} Firefox", "x", String(repeating: "l", count: Limits.maxTokenLabelLength)])
    func validLabelIsAccepted(label: String) throws {
        #expect(try TokenLabel.validate(label) == label)
    }

    @Test func labelIsTrimmed() throws {
        #expect(try TokenLabel.validate("  iPhone \n") == "iPhone")
    }

    @Test(arguments: [nil, "", "  ", "\n"] as [String?])
    func absentOrBlankLabelIsMissing(label: String?) {
        let error = #expect(throws: ValidationError.self) { try TokenLabel.validate(label) }
        #expect(error?.code == .missingField)
        #expect(error?.field == "label")
    }

    @Test(arguments: [String(repeating: "l", count: Limits.maxTokenLabelLength + 1), "two\nlines", "tab\there", "nul\u{0}"])
    func badLabelIsRefused(label: String) {
        let error = #expect(throws: ValidationError.self) { try TokenLabel.validate(label) }
        #expect(error?.code == .invalidField)
        #expect(error?.field == "label")
    }

    @Test func errorNamesTheGivenField() {
        let error = #expect(throws: ValidationError.self) { try TokenLabel.validate(nil, field: "name") }
        #expect(error?.field == "name")
    }

    @Test func createRequestValidatesItsLabel() throws {
        #expect(try TokenCreateRequest(label: " CLI ").validatedLabel() == "CLI")
        let error = #expect(throws: ValidationError.self) { try TokenCreateRequest(label: " ").validatedLabel() }
        #expect(error?.field == "label")
    }
}
