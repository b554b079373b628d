import ShareKit
import SwiftUI

/// The share sheet: the preview, the note with its counter, the wall (the last one chosen is
/// preselected, so Save is one tap) and tags; then the outcome ShareKit decides on. It only binds
/// to `ComposeModel`; every rule is there. Whatever may send (Save, the outcome's actions) runs
/// through `send`, which keeps the extension alive meanwhile (`ShareViewController`).
struct ShareSheetView: View {
    /// Runs work that may hold an outbox lock.
    typealias Send = @MainActor (_ work: @escaping @MainActor () async -> Void) -> Void

    let model: ComposeModel?
    let preview: ContentPreview?
    let send: Send
    let onClose: (ComposeAction) -> Void

    var body: some View {
        if let model, let preview {
            ComposeForm(model: model, preview: preview, send: send, onClose: onClose)
        } else {
            ProgressView("Reading what you shared…")
        }
    }
}

private struct ComposeForm: View {
    @Bindable var model: ComposeModel
    let preview: ContentPreview
    let send: ShareSheetView.Send
    let onClose: (ComposeAction) -> Void
    @State private var tagDraft = ""

    var body: some View {
        NavigationStack {
            Group {
                if let shown = model.presentation {
                    OutcomeView(presentation: shown) { action in
                        send { await act(action) }
                    }
                } else {
                    form
                }
            }
            .navigationTitle("Digital Wall")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                if model.phase == .editing {
                    ToolbarItem(placement: .cancellationAction) {
                        Button("Cancel") { model.close(.cancel) }
                    }
                    ToolbarItem(placement: .confirmationAction) {
                        Button(model.saveTitle) { send { await model.post() } }
                            .bold()
                            .disabled(!model.canPost)
                    }
                }
            }
        }
        .sensoryFeedback(trigger: model.presentation?.feedback) { _, feedback in
            switch feedback {
            case .success?: .success
            case .warning?: .warning
            case .error?: .error
            case nil: nil
            }
        }
        .task(id: model.presentation?.autoClose) {
            guard let wait = model.presentation?.autoClose else { return }
            try? await Task.sleep(for: wait)
            if !Task.isCancelled { await model.perform(.done) }
        }
        .onChange(of: model.phase) { _, phase in
            if case .closed(let action) = phase { onClose(action) }
        }
    }

    private var form: some View {
        Form {
            if let notice = model.signedOutNotice {
                Section {
                    Label(notice, systemImage: "person.crop.circle.badge.questionmark")
                        .font(.callout)
                }
            }
            Section { PreviewSection(preview: preview) }
            Section {
                TextField("Add a note", text: $model.note, axis: .vertical)
                    .lineLimit(2...6)
                HStack {
                    Spacer()
                    Text(model.remainingCharacters, format: .number)
                        .monospacedDigit()
                        .foregroundStyle(model.remainingCharacters < 0 ? Color.red : Color.secondary)
                        .accessibilityLabel("\(model.remainingCharacters) characters left")
                }
            } header: {
                Text("Note")
            }
            if !model.walls.isEmpty {
                Section {
                    Picker("Wall", selection: $model.selectedWallID) {
                        ForEach(model.walls) { wall in
                            Text(wall.pickerName).tag(Optional(wall.id))
                        }
                    }
                }
            }
            Section {
                ForEach(model.tags, id: \.self) { tag in
                    Label(tag, systemImage: "tag")
                }
                .onDelete { offsets in
                    for tag in offsets.map({ model.tags[$0] }) { model.removeTag(tag) }
                }
                TextField("Add a tag", text: $tagDraft)
                    .textInputAutocapitalization(.never)
                    .onSubmit {
                        if model.addTag(tagDraft) { tagDraft = "" }
                    }
            } header: {
                Text("Tags")
            }
        }
    }

    private func act(_ action: ComposeAction) async {
        if model.phase == .editing {
            model.close(action)
        } else {
            await model.perform(action)
        }
    }
}
