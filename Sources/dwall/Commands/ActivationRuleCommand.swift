import ArgumentParser
import ShareKit

/// `dwall activation-rule` (hidden; `scripts/generate-activation-rule` runs it): prints the share
/// extension's `NSExtensionActivationRule`, generated from `ActivationRule.standard`, so the iOS
/// extension's Info.plist is written from the same configuration ShareKit is tested against.
struct ActivationRuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activation-rule", abstract: "Print the share extension's activation rule.", shouldDisplay: false
    )

    @Flag(help: "Print only the predicate, not the Info.plist key and string.") var predicate = false

    func run() {
        let rule = ActivationRule.standard
        print(predicate ? rule.predicate : rule.infoPlistEntry)
    }
}
