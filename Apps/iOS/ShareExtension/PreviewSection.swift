import ShareKit
import SwiftUI
import UIKit

/// What is being shared, as ShareKit's `ContentPreview` lays it out: links by title and host, a
/// text's beginning, picture thumbnails (made by ImageIO, small), files by name.
struct PreviewSection: View {
    let preview: ContentPreview

    var body: some View {
        ForEach(Array(preview.rows.enumerated()), id: \.offset) { _, row in
            switch row {
            case .link(let title, let host, _):
                VStack(alignment: .leading, spacing: 2) {
                    Text(title ?? host).font(.headline).lineLimit(2)
                    Text(host).font(.footnote).foregroundStyle(.secondary)
                }
            case .text(let excerpt, let sourceHost):
                VStack(alignment: .leading, spacing: 2) {
                    Text(excerpt).font(.callout).lineLimit(5)
                    if let sourceHost { Text(sourceHost).font(.footnote).foregroundStyle(.secondary) }
                }
            case .images(let files):
                ScrollView(.horizontal, showsIndicators: false) {
                    HStack(spacing: 8) {
                        ForEach(Array(files.enumerated()), id: \.offset) { _, file in Thumbnail(file: file) }
                    }
                }
            case .files(let names):
                ForEach(names, id: \.self) { name in Label(name, systemImage: "doc") }
            }
        }
        if let note = preview.skippedNote {
            Text(note).font(.footnote).foregroundStyle(.secondary)
        }
    }
}

/// A 72-point thumbnail, decoded off the main thread.
private struct Thumbnail: View {
    let file: AttachmentFile
    @State private var image: UIImage?
    @Environment(\.displayScale) private var scale

    var body: some View {
        Group {
            if let image {
                Image(uiImage: image).resizable().scaledToFill()
            } else {
                Color.secondary.opacity(0.15)
            }
        }
        .frame(width: 72, height: 72)
        .clipShape(RoundedRectangle(cornerRadius: 8))
        .task {
            let file = self.file
            let pixels = Int(72 * scale)
            let scale = self.scale
            // UIImage is Sendable; a CGImage is not, so it never leaves the detached task.
            image = await Task.detached(priority: .userInitiated) {
                ImageIODownscaler.thumbnail(file, maxPixelSize: pixels).map { UIImage(cgImage: $0, scale: scale, orientation: .up) }
            }.value
        }
    }
}
