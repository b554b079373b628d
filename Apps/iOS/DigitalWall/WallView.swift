import ShareKit
import SwiftUI
import WallCore

/// The wall as a grid of cards, newest first: pull to refresh, live changes from `/v1/events`,
/// older cards as you scroll, a switcher of walls and smart walls (read-only), and the shares
/// still waiting to sync.
struct WallView: View {
    let model: AppModel
    @State private var showsPending = false

    var body: some View {
        // Only for the deep-link binding below; no closure captures it (closures use `model`,
        // a main-actor class), which is what Swift 6 warned about.
        @Bindable var bindable = model
        NavigationStack {
            Group {
                if let feed = model.feed {
                    WallGrid(feed: feed)
                        .task { await model.runLiveUpdates() }
                } else {
                    ProgressView()
                }
            }
            .navigationTitle(model.feed?.title ?? "All walls")
            .navigationDestination(item: $bindable.openedItemID) { id in
                if let feed = model.feed { ItemLoader(feed: feed, id: id) }
            }
            .toolbar {
                ToolbarItem(placement: .topBarLeading) { wallMenu }
                ToolbarItem(placement: .topBarTrailing) {
                    Button {
                        showsPending = true
                    } label: {
                        Label("Waiting to sync", systemImage: model.pending.isEmpty ? "tray" : "tray.full")
                    }
                    .badge(model.pending.count)
                }
            }
            .sheet(isPresented: $showsPending) {
                PendingSharesView(model: model)
            }
            .onChange(of: model.feed?.refusal) { _, refusal in
                // The server refused the token: sign-in shows, saying why.
                if let refusal { model.refused(refusal) }
            }
        }
    }

    private var wallMenu: some View {
        Menu {
            Button("All walls") { show(.allWalls) }
            ForEach(model.feed?.walls ?? []) { wall in
                Button(wall.name) { show(.wall(wall.id)) }
            }
            if let smartWalls = model.feed?.smartWalls, !smartWalls.isEmpty {
                Section("Smart walls") {
                    ForEach(smartWalls) { smartWall in
                        Button(smartWall.name) { show(.smartWall(smartWall.id)) }
                    }
                }
            }
            Divider()
            Button("Sign Out", role: .destructive) { Task { await model.signOut() } }
        } label: {
            Label("Walls", systemImage: "square.grid.2x2")
        }
    }

    private func show(_ selection: WallSelection) {
        Task { await model.feed?.show(selection) }
    }
}

/// The cards, with what the feed says about loading and the live connection.
private struct WallGrid: View {
    let feed: WallFeed
    private let columns = [GridItem(.adaptive(minimum: 160), spacing: 12)]

    var body: some View {
        ScrollView {
            if case .reconnecting(let error) = feed.live {
                Label(error.description, systemImage: "wifi.exclamationmark")
                    .font(.footnote).foregroundStyle(.secondary).padding(.horizontal)
            }
            if let error = feed.loadError {
                Text(error.description).font(.footnote).foregroundStyle(.red).padding(.horizontal)
            }
            LazyVGrid(columns: columns, spacing: 12) {
                ForEach(feed.items) { item in
                    NavigationLink(value: item.id) {
                        ItemCard(item: item)
                    }
                    .buttonStyle(.plain)
                    .task {
                        if item.id == feed.items.last?.id { await feed.loadMore() }
                    }
                }
            }
            .padding(12)
            if feed.items.isEmpty, !feed.isLoading, feed.loadError == nil {
                ContentUnavailableView("Nothing here yet", systemImage: "square.and.arrow.down", description: Text("Share a link, a passage or a photo to Digital Wall from any app."))
            }
        }
        .navigationDestination(for: UUID.self) { id in ItemLoader(feed: feed, id: id) }
        .refreshable { await feed.refresh() }
        .task { if feed.items.isEmpty { await feed.refresh() } }
    }
}
