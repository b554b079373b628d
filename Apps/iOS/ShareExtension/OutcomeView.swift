import ShareKit
import SwiftUI

/// One of the states ShareKit decides the sheet shows: saving, saved (a checkmark), saved on this
/// device and will sync, not signed in, nothing to save, or an error with its actions.
struct OutcomeView: View {
    let presentation: ComposePresentation
    let perform: (ComposeAction) -> Void

    var body: some View {
        VStack(spacing: 16) {
            if presentation.isProgress {
                ProgressView()
                    .controlSize(.large)
            } else if let symbol = presentation.symbol {
                Image(systemName: symbol.rawValue)
                    .font(.system(size: 56))
                    .foregroundStyle(color(for: symbol))
                    .symbolEffect(.bounce, value: symbol)
            }
            Text(presentation.headline)
                .font(.title3.bold())
                .multilineTextAlignment(.center)
            if let detail = presentation.detail {
                Text(detail)
                    .font(.callout)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
            }
            VStack(spacing: 8) {
                ForEach(presentation.actions, id: \.self) { action in
                    Button(action.title) { perform(action) }
                        .buttonStyle(.bordered)
                        .tint(action == .cancel ? Color.secondary : Color.accentColor)
                        .controlSize(.large)
                }
            }
            .padding(.top, 8)
        }
        .padding(32)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .accessibilityElement(children: .contain)
    }

    private func color(for symbol: ComposePresentation.Symbol) -> Color {
        switch symbol {
        case .saved: .green
        case .willSync: .blue
        case .error: .orange
        case .signedOut, .nothing: .secondary
        }
    }
}
