import WallCore

/// The main text of a page, the way a reader view finds it: navigation, headers, footers,
/// asides, forms, scripts, styles and comments are dropped; an `<article>` (the longest, if
/// several) is preferred, then `<main>`, then the block whose paragraphs hold the most text.
enum ReadableText {
    /// Elements whose text is never the page's content.
    static let skipped: Set<String> = [
        "script", "style", "noscript", "template", "nav", "footer", "header", "aside", "form", "iframe",
        "svg", "button", "select", "textarea", "menu", "dialog", "object", "embed", "canvas", "head",
    ]
    /// Elements that end a line of text.
    static let blocks: Set<String> = [
        "p", "div", "section", "article", "main", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6",
        "blockquote", "pre", "br", "tr", "table", "figure", "figcaption", "dd", "dt", "dl", "hr",
    ]

    /// The page's readable text, capped at `Limits.maxReadableTextLength`; nil when it has none.
    static func extract(from root: HTMLNode) -> String? {
        var candidates = Candidates()
        candidates.scan(root, depth: 0)
        guard let chosen = candidates.article ?? candidates.main ?? candidates.densest ?? candidates.body else {
            return nil
        }
        var lines = Lines()
        lines.append(chosen.node, depth: 0)
        let text = lines.text
        guard !text.isEmpty else { return nil }
        return text.count > Limits.maxReadableTextLength ? String(text.prefix(Limits.maxReadableTextLength)) : text
    }

    /// Where the main text may be, found in one walk.
    struct Candidates {
        var article: (node: HTMLNode, length: Int)?
        var main: (node: HTMLNode, length: Int)?
        var densest: (node: HTMLNode, length: Int)?
        var body: (node: HTMLNode, length: Int)?

        /// Scans `node`'s subtree; returns the length of its visible text.
        @discardableResult
        mutating func scan(_ node: HTMLNode, depth: Int) -> Int {
            if node.isText { return node.text.count(where: { !$0.isWhitespace }) }
            guard node.isElement, depth < HTMLNode.maxDepth, !ReadableText.skipped.contains(node.name) else { return 0 }
            var total = 0
            var inParagraphs = 0
            for child in node.children {
                let length = scan(child, depth: depth + 1)
                total += length
                if child.isElement, ["p", "pre", "blockquote", "h2", "h3", "li"].contains(child.name) {
                    inParagraphs += length
                }
            }
            switch node.name {
            case "article" where total > (article?.length ?? 0): article = (node, total)
            case "main" where total > (main?.length ?? 0): main = (node, total)
            case "body": body = (node, total)
            default: break
            }
            if inParagraphs > (densest?.length ?? 0) { densest = (node, inParagraphs) }
            return total
        }
    }

    /// Text gathered line by line, whitespace collapsed.
    struct Lines {
        private var done: [String] = []
        private var current = ""

        mutating func append(_ node: HTMLNode, depth: Int) {
            if node.isText {
                current += node.text
                return
            }
            guard node.isElement, depth < HTMLNode.maxDepth, !ReadableText.skipped.contains(node.name) else { return }
            let block = ReadableText.blocks.contains(node.name)
            if block { breakLine() }
            for child in node.children { append(child, depth: depth + 1) }
            if block { breakLine() }
        }

        private mutating func breakLine() {
            let line = current.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !line.isEmpty { done.append(line) }
            current = ""
        }

        var text: String {
            var copy = self
            copy.breakLine()
            return copy.done.joined(separator: "\n")
        }
    }
}
