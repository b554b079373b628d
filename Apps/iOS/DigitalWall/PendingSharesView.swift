import ShareKit
import SwiftUI

/// The shares still on this phone: waiting, uploading in the background, retrying (with why), or refused for good.
struct PendingSharesView: View {
    let model: AppModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List {
                if model.pending.isEmpty {
                    ContentUnavailableView("All synced", systemImage: "checkmark.icloud", description: Text("Nothing is waiting on this phone."))
                }
                ForEach(model.pending) { row in
                    VStack(alignment: .leading, spacing: 4) {
                        Text(row.title).lineLimit(2)
                        Text(status(of: row)).font(.caption).foregroundStyle(color(of: row))
                        Text(row.queuedAt, format: .relative(presentation: .named)).font(.caption2).foregroundStyle(.secondary)
                    }
                }
            }
            .navigationTitle("Waiting to sync")
            .navigationBarTitleDisplayMode(.inline)
            .refreshable { await model.drain(notify: false) }
            .toolbar {
                ToolbarItem(placement: .confirmationAction) { Button("Done") { dismiss() } }
                ToolbarItem(placement: .primaryAction) {
                    Button("Sync Now") { Task { await model.drain(notify: false) } }
                        .disabled(model.isDraining)
                }
            }
            .onAppear { model.reloadPending() }
        }
    }

    private func status(of row: PendingShareRow) -> String {
        switch row.state {
        case .waiting: "Waiting"
        case .uploading: "Uploading in the background"
        case .retrying(let attempts, let lastError): "Tried \(attempts)×" + (lastError.map { ": \($0)" } ?? "")
        case .refused(let reason): "Refused" + (reason.map { ": \($0)" } ?? "")
        }
    }

    private func color(of row: PendingShareRow) -> Color {
        if case .refused = row.state { return .red }
        return .secondary
    }
}
