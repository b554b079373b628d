import Foundation
import ShareKit
import Testing

/// The iOS extension's Info.plist carries the activation rule ShareKit generates
/// (`scripts/generate-activation-rule` writes it), so the share sheet offers the extension for
/// exactly what these tests say it accepts.
@Suite struct ShareExtensionPlistTests {
    static let plist = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Apps/iOS/ShareExtension/Info.plist")

    @Test func theCheckedInRuleIsTheGeneratedOne() throws {
        let data = try Data(contentsOf: Self.plist)
        let root = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let attributes = (root["NSExtension"] as? [String: Any])?["NSExtensionAttributes"] as? [String: Any]
        let rule = try #require(attributes?["NSExtensionActivationRule"] as? String)
        #expect(rule == ActivationRule.standard.predicate, "run scripts/generate-activation-rule and commit Info.plist")
        let extensionInfo = try #require(root["NSExtension"] as? [String: Any])
        #expect(extensionInfo["NSExtensionPointIdentifier"] as? String == "com.apple.share-services")
        #expect(extensionInfo["NSExtensionMainStoryboard"] == nil, "the principal class hosts the SwiftUI sheet")
    }

    @Test func safariRunsTheBundledPreprocessingScriptOnThePagesTheRuleTakes() throws {
        let data = try Data(contentsOf: Self.plist)
        let root = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let attributes = try #require((root["NSExtension"] as? [String: Any])?["NSExtensionAttributes"] as? [String: Any])
        let name = try #require(attributes["NSExtensionJavaScriptPreprocessingFile"] as? String)
        let script = Self.plist.deletingLastPathComponent().appendingPathComponent(name + ".js")
        #expect(FileManager.default.fileExists(atPath: script.path), "Info.plist names \(name), so \(script.lastPathComponent) must exist")
        #expect(ActivationRule.standard.accepts(attachments: [["com.apple.property-list"]]), "Safari hands the script's result only to an extension that takes web pages")
    }

    @Test func bothTargetsMayReachAServerOnTheLocalNetworkAndSayWhy() throws {
        for target in ["DigitalWall", "ShareExtension"] {
            let url = Self.plist.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("\(target)/Info.plist")
            let root = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any])
            let ats = root["NSAppTransportSecurity"] as? [String: Any]
            #expect(ats?["NSAllowsLocalNetworking"] as? Bool == true, "\(target)")
            #expect(ats?["NSAllowsArbitraryLoads"] == nil, "\(target): plain http only on the local network")
            #expect((root["NSLocalNetworkUsageDescription"] as? String)?.isEmpty == false, "\(target)")
        }
    }
}
