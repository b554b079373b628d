import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small XML tree of an S3 answer (errors, listings, multipart results), namespaces ignored.
struct S3XMLElement: Sendable {
    var name: String
    var text: String
    var children: [S3XMLElement]

    /// The first child with this name.
    func child(_ name: String) -> S3XMLElement? { children.first { $0.name == name } }

    /// Every child with this name.
    func children(_ name: String) -> [S3XMLElement] { children.filter { $0.name == name } }

    /// The text of the first child with this name.
    func text(of name: String) -> String? { child(name)?.text }

    /// Parses a document; nil when it is not well-formed XML.
    static func parse(_ data: Data) -> S3XMLElement? {
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else { return nil }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [S3XMLElement] = []
        var root: S3XMLElement?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            stack.append(S3XMLElement(name: elementName, text: "", children: []))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard let finished = stack.popLast() else { return }
            if stack.isEmpty { root = finished } else { stack[stack.count - 1].children.append(finished) }
        }
    }
}
