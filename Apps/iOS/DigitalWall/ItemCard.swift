import SwiftUI
import WallCore

/// One card of the grid: what the item is, its title or text, its note and tags.
struct ItemCard: View {
    let item: Item

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Label(item.kind.rawValue.capitalized, systemImage: symbol)
                .font(.caption)
                .foregroundStyle(.secondary)
            Text(headline)
                .font(.subheadline.weight(.semibold))
                .lineLimit(4)
            if let host = item.url.flatMap(URL.init(string:))?.host() {
                Text(host).font(.caption).foregroundStyle(.secondary)
            }
            if let note = item.userNote {
                Text(note).font(.caption).lineLimit(3)
            }
            if !item.tags.isEmpty {
                Text(item.tags.map { "#" + $0 }.joined(separator: " "))
                    .font(.caption2)
                    .foregroundStyle(.tint)
                    .lineLimit(1)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(12)
        .background(.background.secondary, in: RoundedRectangle(cornerRadius: 12))
    }

    private var headline: String {
        item.title ?? item.text ?? item.url ?? "Untitled"
    }

    private var symbol: String {
        switch item.kind {
        case .url: "link"
        case .text: "text.quote"
        case .image: "photo"
        case .file: "doc"
        }
    }
}
