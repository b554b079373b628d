import Foundation

extension PageSnapshot {
    /// Checks and trims the snapshot of a share; throws a validation error naming the field at
    /// fault (`page.html`, `page.title`, …). Returns nil when no field holds anything.
    ///
    /// Only sizes and plain-text rules are checked here: the HTML is not parsed in the request,
    /// it is read later, by the enrichment job, through the same extraction as a fetched page.
    public func validated() throws(ValidationError) -> PageSnapshot? {
        let title = try TextRules.clean(title, field: "page.title", limit: Limits.maxTitleLength, multiline: false)
        let selection = try TextRules.clean(
            selection, field: "page.selection", limit: Limits.maxPageSnapshotSelectionLength, multiline: true
        )
        let text = try TextRules.clean(text, field: "page.text", limit: Limits.maxPageSnapshotTextLength, multiline: true)
        let capturedBy = try TextRules.clean(
            capturedBy, field: "page.capturedBy", limit: Limits.maxPageSnapshotSourceLength, multiline: false
        )
        if let capturedBy, !capturedBy.unicodeScalars.allSatisfy(Self.isLabelScalar) {
            throw .invalid("page.capturedBy", "page.capturedBy holds only letters, digits, '_' and '-'.")
        }
        let canonical = try canonicalUrl.flatMap { raw throws(ValidationError) -> String? in
            guard !raw.trimmingWhitespace().isEmpty else { return nil }
            return try URLCanonicalizer.canonicalize(raw, field: "page.canonicalUrl").original
        }
        var html = html
        if let value = html {
            guard value.utf8.count <= Limits.maxPageSnapshotHTMLBytes else {
                throw .invalid("page.html", "page.html is larger than \(Limits.maxPageSnapshotHTMLBytes) bytes.")
            }
            if value.trimmingWhitespace().isEmpty { html = nil }
        }
        let snapshot = PageSnapshot(
            title: title, selection: selection, canonicalUrl: canonical, html: html, text: text, capturedBy: capturedBy
        )
        return snapshot.hasContent ? snapshot : nil
    }

    /// Whether any field that says something about the page is set (a label alone is not).
    public var hasContent: Bool {
        title != nil || selection != nil || canonicalUrl != nil || html != nil || text != nil
    }

    /// The fields in a fixed order, for the share's fingerprint.
    var fingerprintParts: [String?] {
        ["page", title, selection, canonicalUrl, html, text, capturedBy]
    }

    private static func isLabelScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
        default: false
        }
    }
}
