import Foundation
import WallMedia

extension TestFiles {
    /// `text` drawn by libvips (DejaVu Sans, 150 dpi), as PNG: a screenshot with known words.
    static func textPicture(_ text: String, jpeg: Bool = false) throws -> [UInt8] {
        try ImageRenderer.textImage(text, dpi: 150, jpeg: jpeg)
    }

    /// A PDF of `pages` pages without a text layer, each showing `jpeg` (a JPEG `width` × `height`
    /// pixels at 150 dpi) as its only content: a scan. The JPEG is shared by every page.
    static func scannedPDF(jpeg: [UInt8], width: Int, height: Int, pages: Int = 1) -> [UInt8] {
        let points = (width: width * 72 / 150, height: height * 72 / 150)
        let content = "q \(points.width) 0 0 \(points.height) 0 0 cm /Im1 Do Q"
        var objects: [[UInt8]] = [
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [\((0..<pages).map { "\($0 + 5) 0 R" }.joined(separator: " "))] /Count \(pages) >>".utf8),
            Array("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream".utf8),
            Array("<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length \(jpeg.count) >>\nstream\n".utf8)
                + jpeg + Array("\nendstream".utf8),
        ]
        for _ in 0..<pages {
            objects.append(Array(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(points.width) \(points.height)] /Contents 3 0 R /Resources << /XObject << /Im1 4 0 R >> >> >>".utf8
            ))
        }
        var pdf = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.count)
            pdf += Array("\(index + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let xref = pdf.count
        var tail = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { tail += String(format: "%010d 00000 n \n", offset) }
        tail += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return pdf + Array(tail.utf8)
    }
}
