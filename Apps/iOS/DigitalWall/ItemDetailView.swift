import ShareKit
import SwiftUI
import WallCore

/// Finds an item (in the loaded wall, else from the server) for a tap or a deep link.
struct ItemLoader: View {
    let feed: WallFeed
    let id: UUID
    @State private var item: Item?
    @State private var failure: ShareError?

    var body: some View {
        Group {
            if let item {
                ItemDetailView(item: item)
            } else if let failure {
                ContentUnavailableView("Can't open this item", systemImage: "exclamationmark.triangle", description: Text(failure.description))
            } else {
                ProgressView()
            }
        }
        .task(id: id) {
            // Typed: a closure's `catch` does not infer `throws(ShareError)` and would bind `any Error`.
            do throws(ShareError) { item = try await feed.item(id: id) } catch { failure = error }
        }
    }
}

/// One item in full: its title, link, text, note, tags and when it was saved.
struct ItemDetailView: View {
    let item: Item

    var body: some View {
        List {
            Section {
                if let title = item.title { Text(title).font(.title3.bold()) }
                if let link = item.url.flatMap(URL.init(string:)) {
                    Link(destination: link) { Label(link.host() ?? link.absoluteString, systemImage: "safari") }
                }
            }
            if let text = item.text {
                Section("Text") { Text(text).textSelection(.enabled) }
            }
            if let note = item.userNote {
                Section("Note") { Text(note) }
            }
            if !item.tags.isEmpty {
                Section("Tags") { Text(item.tags.joined(separator: ", ")) }
            }
            Section {
                LabeledContent("Saved", value: item.createdAt, format: .dateTime)
                LabeledContent("From", value: item.source.rawValue)
            }
        }
        .navigationTitle(item.kind.rawValue.capitalized)
        .navigationBarTitleDisplayMode(.inline)
    }
}
