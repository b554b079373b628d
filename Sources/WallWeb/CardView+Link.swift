import Foundation

extension CardView {
    /// The card as a secret link's visitor sees it: its pictures served through the link
    /// (`base` + `/items/{id}/…`, never the API), its title leading to the original link (there
    /// is no item page for visitors). Its tags link where the card was made to link them.
    public func throughLink(_ base: String) -> CardView {
        var card = self
        let api = "/v1/items/"
        let linked = base + "/items/"
        card.iconSrc = iconSrc.map { $0.replacingOccurrences(of: api, with: linked) }
        if var image {
            image.src = image.src.replacingOccurrences(of: api, with: linked)
            image.srcset = image.srcset.map { $0.replacingOccurrences(of: api, with: linked) }
            card.image = image
        }
        card.detailHref = link?.href ?? "#item-\(id)"
        return card
    }
}
