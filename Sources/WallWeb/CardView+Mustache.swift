import Mustache

// MARK: Template lookups (explicit, not by reflection: the wall renders many cards)

extension CardView: MustacheParent {
    /// The value `card.mustache` asks for by name. Absent values are `false`, not `nil`, so the
    /// renderer does not go looking for the name in the page around the card; the plain texts
    /// (`titleText`, …) spare a page without a search the work of marked parts.
    public func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "kind": kind
        case "wallID": wallID
        case "detailHref": detailHref
        case "href": link?.href ?? false
        case "site": site ?? false
        case "iconSrc": iconSrc ?? false
        case "imageSrc": imageSrc ?? false
        case "image": image ?? false
        case "isMarked": isMarked
        case "title": title
        case "titleText": Self.plain(title)
        case "isDerivedTitle": isDerivedTitle
        case "isFileNameTitle": isFileNameTitle
        case "description": description
        case "descriptionText": Self.plain(description)
        case "excerpt": excerpt
        case "excerptText": Self.plain(excerpt)
        case "note": note
        case "noteText": Self.plain(note)
        case "hasDescription": !description.isEmpty
        case "hasExcerpt": !excerpt.isEmpty
        case "hasNote": !note.isEmpty
        case "tags": tags
        case "hasTags": !tags.isEmpty
        case "tagList": tags.map(\.name).joined(separator: "\n")
        case "file": file ?? false
        case "isPending": isPending
        case "failure": failure ?? false
        case "dateISO": dateISO
        case "dateLabel": dateLabel
        case "addedBy": addedBy ?? false
        default: nil
        }
    }

    private static func plain(_ parts: [TextPart]) -> String {
        parts.count == 1 ? parts[0].text : parts.map(\.text).joined()
    }
}

extension TextPart: MustacheParent {
    /// `text` or `match`.
    public func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "match": match
        default: nil
        }
    }
}

extension CardImage: MustacheParent {
    /// `src`, `srcset`, `sizes`, `width` or `height` (absent ones are `false`).
    public func child(named name: String) -> Any? {
        switch name {
        case "src": src
        case "srcset": srcset ?? false
        case "sizes": Self.sizes
        case "width": width.map(String.init) ?? false
        case "height": height.map(String.init) ?? false
        default: nil
        }
    }
}

extension TagLink: MustacheParent {
    /// `name` or `href`.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": href
        default: nil
        }
    }
}

extension FileLabel: MustacheParent {
    /// `name`, `type` or `size`.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "type": type
        case "size": size
        default: nil
        }
    }
}
