import Foundation

extension ActivationRule {
    /// A value of the dictionary form.
    public enum PlistValue: Sendable, Equatable {
        /// `<integer>`.
        case integer(Int)
        /// `<true/>`.
        case bool(Bool)
    }

    /// The dictionary form of `NSExtensionActivationRule`. It cannot restrict which file types
    /// count (any file does); `predicate` can, and is what the extension should ship.
    public var dictionary: [String: PlistValue] {
        var result: [String: PlistValue] = [:]
        for clause in clauses {
            result[clause.key] = clause.maxCount.map(PlistValue.integer) ?? .bool(true)
        }
        return result
    }

    /// The predicate form of `NSExtensionActivationRule`: exactly the rule `accepts` evaluates.
    public var predicate: String {
        let attachments = "$extensionItem.attachments"
        func count(_ condition: ActivationCondition) -> String {
            "SUBQUERY(\(attachments), $attachment, \(condition.predicate)).@count"
        }
        let clauses = clauses
        var terms = clauses.compactMap { clause in clause.maxCount.map { "\(count(clause.condition)) <= \($0)" } }
        terms.append("\(count(.any(clauses.map(\.condition)))) >= 1")
        return "SUBQUERY(extensionItems, $extensionItem, " + terms.joined(separator: " AND ") + ").@count >= 1"
    }

    /// The `NSExtensionActivationRule` entry as Info.plist XML, in predicate form.
    public var infoPlistEntry: String {
        "<key>NSExtensionActivationRule</key>\n<string>\(Self.xmlEscaped(predicate))</string>"
    }

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
