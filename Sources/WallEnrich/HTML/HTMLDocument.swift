import CLibXML2

/// An HTML page parsed by libxml2's forgiving HTML parser (broken markup is repaired, never
/// refused); read it with `root` and free it by letting it go.
final class HTMLDocument {
    private let document: htmlDocPtr

    /// libxml2 must be initialised once before threads use it; its error reports are
    /// silenced for threads made from now on (a broken page is normal input, not news).
    private static let initialised: Void = {
        xmlInitParser()
        xmlThrDefSetStructuredErrorFunc(nil, HTMLDocument.ignoreError)
    }()

    /// A structured error handler that drops the report (libxml2 otherwise prints to stderr).
    private static let ignoreError: xmlStructuredErrorFunc = { _, _ in }

    /// Parses `bytes` as HTML in `encoding` (a name iconv knows, such as "windows-1252"), or in
    /// what the page declares when nil; nil only when libxml2 returns no document at all.
    init?(bytes: [UInt8], encoding: String?) {
        _ = Self.initialised
        // Error handlers are per thread in libxml2: silence this one (it may predate the default).
        xmlSetStructuredErrorFunc(nil, Self.ignoreError)
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue
        )
        let parsed: htmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, encoding, options)
                }
            }
        }
        guard let parsed else { return nil }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    /// The root element (`<html>`), if the page has any element at all.
    var root: HTMLNode? {
        xmlDocGetRootElement(document).map(HTMLNode.init)
    }
}

/// One node of a parsed page; valid only while its `HTMLDocument` lives.
struct HTMLNode {
    /// How deep below the root the walks over a page go: what a hostile page nests deeper is
    /// ignored, so no walk can exhaust the stack (libxml2 itself keeps nesting this deep).
    static let maxDepth = 256

    let pointer: xmlNodePtr

    /// Whether this is an element (not text or a comment).
    var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }
    /// Whether this is text (or CDATA).
    var isText: Bool { pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE }

    /// The element's name, lower-case as libxml2's HTML parser gives it.
    var name: String {
        guard let name = pointer.pointee.name else { return "" }
        return String(cString: name)
    }

    /// A text node's text.
    var text: String {
        guard let content = pointer.pointee.content else { return "" }
        return String(cString: content)
    }

    /// The first child.
    var firstChild: HTMLNode? { pointer.pointee.children.map(HTMLNode.init) }
    /// The next sibling.
    var next: HTMLNode? { pointer.pointee.next.map(HTMLNode.init) }

    /// The children, in order.
    var children: some Sequence<HTMLNode> {
        sequence(first: firstChild) { $0?.next }.lazy.compactMap { $0 }
    }

    /// The value of an attribute (names compared case-insensitively), if present.
    func attribute(_ wanted: String) -> String? {
        var attribute = pointer.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name, String(cString: name).lowercased() == wanted {
                var value = ""
                var child = current.pointee.children
                while let node = child {
                    if let content = node.pointee.content { value += String(cString: content) }
                    child = node.pointee.next
                }
                return value
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// All text below this node, comments and `<script>`/`<style>` left out.
    var textContent: String {
        var out = ""
        appendText(to: &out, depth: 0)
        return out
    }

    private func appendText(to out: inout String, depth: Int) {
        if isText {
            out += text
            return
        }
        guard isElement, depth < Self.maxDepth, !["script", "style", "noscript", "template"].contains(name) else { return }
        for child in children { child.appendText(to: &out, depth: depth + 1) }
    }
}
