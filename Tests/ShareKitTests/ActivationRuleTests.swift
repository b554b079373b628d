import ShareKit
import Testing

@Suite struct ActivationRuleTests {
    let rule = ActivationRule.standard

    @Test func acceptsWhatTheShareSheetOffers() {
        #expect(rule.accepts(attachments: [["public.url"]]))
        #expect(rule.accepts(attachments: [["com.apple.property-list", "public.url"]]))
        #expect(rule.accepts(attachments: [["public.plain-text"]]))
        #expect(rule.accepts(attachments: [["public.utf8-plain-text"]]))
        #expect(rule.accepts(attachments: Array(repeating: ["public.jpeg"], count: 10)))
        #expect(rule.accepts(attachments: [["com.adobe.pdf"]]))
        #expect(rule.accepts(attachments: [["public.mpeg-4"]]))
        #expect(rule.accepts(attachments: [["public.url"], ["com.example.sketch"]]), "an unknown attachment beside a link is ignored")
    }

    @Test func refusesTooManyOrNothingSupported() {
        #expect(!rule.accepts(attachments: Array(repeating: ["public.heic"], count: 11)))
        #expect(!rule.accepts(attachments: Array(repeating: ["com.adobe.pdf"], count: 11)))
        #expect(!rule.accepts(attachments: [["public.url"], ["public.url"]]), "one link at most")
        #expect(!rule.accepts(attachments: [["com.example.sketch"]]))
        #expect(!rule.accepts(attachments: [["public.file-url"]]), "a file URL is not a web link, and an untyped file is not a listed type")
        #expect(!rule.accepts(attachments: []))
    }

    @Test func anyAcceptedExtensionItemActivates() {
        #expect(rule.accepts(extensionItems: [[["com.example.sketch"]], [["public.url"]]]))
        #expect(!rule.accepts(extensionItems: [[["com.example.sketch"]]]))
    }

    @Test func aRuleWithoutFilesOrTextRefusesThem() {
        let linksOnly = ActivationRule(maxWebURLs: 1, maxWebPages: 1, acceptsText: false, maxImages: 0, maxFiles: 0, fileTypes: [])
        #expect(linksOnly.accepts(attachments: [["public.url"]]))
        #expect(!linksOnly.accepts(attachments: [["public.plain-text"]]))
        #expect(!linksOnly.accepts(attachments: [["public.jpeg"]]))
        #expect(linksOnly.dictionary.count == 2)
    }

    @Test func theDictionaryFormListsEachEnabledKind() {
        #expect(rule.dictionary == [
            "NSExtensionActivationSupportsWebURLWithMaxCount": .integer(1),
            "NSExtensionActivationSupportsWebPageWithMaxCount": .integer(1),
            "NSExtensionActivationSupportsText": .bool(true),
            "NSExtensionActivationSupportsImageWithMaxCount": .integer(10),
            "NSExtensionActivationSupportsFileWithMaxCount": .integer(10),
        ])
    }

    @Test func thePredicateIsGeneratedFromTheSameClauses() {
        let small = ActivationRule(maxWebURLs: 1, maxWebPages: 0, acceptsText: true, maxImages: 2, maxFiles: 0, fileTypes: [])
        let url = #"ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url""#
        let fileURL = #"ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url""#
        let text = #"ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.plain-text""#
        let image = #"ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image""#
        let link = "(\(url) AND NOT (\(fileURL)))"
        let count = { (condition: String) in "SUBQUERY($extensionItem.attachments, $attachment, \(condition)).@count" }
        #expect(small.predicate == "SUBQUERY(extensionItems, $extensionItem, "
            + "\(count(link)) <= 1 AND \(count(image)) <= 2 AND \(count("(\(link) OR \(text) OR \(image))")) >= 1"
            + ").@count >= 1")
    }

    @Test func theInfoPlistEntryEscapesThePredicate() {
        let entry = rule.infoPlistEntry
        #expect(entry.hasPrefix("<key>NSExtensionActivationRule</key>\n<string>SUBQUERY("))
        #expect(entry.contains("&quot;public.url&quot;"))
        #expect(entry.contains("&lt;= 10"))
        #expect(!entry.dropFirst(40).contains("\""))
    }
}
