import Foundation
import WallMedia

/// Real files the file tests make: images from libvips, EXIF and PDFs written byte by byte.
enum TestFiles {
    /// A JPEG `width` × `height` with an EXIF block holding `orientation` and a GPS position.
    static func jpegWithEXIF(width: Int = 64, height: Int = 32, orientation: UInt16 = 6) throws -> [UInt8] {
        let jpeg = try ImageRenderer.noiseImage(width: width, height: height)
        let exif = Array("Exif\0\0".utf8) + tiff(orientation: orientation)
        let length = UInt16(exif.count + 2)
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// The latitude written into the GPS block, as its ASCII reference plus degrees: what must not
    /// survive into a thumbnail.
    static let gpsMarker: [UInt8] = Array("N\0".utf8)

    /// A little-endian TIFF header with IFD0 (orientation, GPS pointer) and a GPS IFD (latitude).
    private static func tiff(orientation: UInt16) -> [UInt8] {
        var bytes: [UInt8] = Array("II".utf8) + le16(42) + le32(8)
        // IFD0 at 8: two entries, then the next-IFD offset (0).
        let gpsOffset: UInt32 = 8 + 2 + 2 * 12 + 4
        bytes += le16(2)
        bytes += le16(0x0112) + le16(3) + le32(1) + le16(orientation) + le16(0)
        bytes += le16(0x8825) + le16(4) + le32(1) + le32(gpsOffset)
        bytes += le32(0)
        // GPS IFD: latitude reference "N" and latitude 47° 22' 0".
        let rationalsOffset = gpsOffset + 2 + 2 * 12 + 4
        bytes += le16(2)
        bytes += le16(0x0001) + le16(2) + le32(2) + gpsMarker + [0, 0]
        bytes += le16(0x0002) + le16(5) + le32(3) + le32(rationalsOffset)
        bytes += le32(0)
        for (numerator, denominator) in [(47, 1), (22, 1), (0, 1)] as [(UInt32, UInt32)] {
            bytes += le32(numerator) + le32(denominator)
        }
        return bytes
    }

    /// A PNG of noise.
    static func png(width: Int = 40, height: Int = 20) throws -> [UInt8] {
        try ImageRenderer.noiseImage(width: width, height: height, png: true)
    }

    /// A one-page PDF (200 × 100 points) showing `text` in Helvetica.
    static func pdf(text: String = "Receipt for one quokka") -> [UInt8] {
        let content = "BT /F1 12 Tf 10 50 Td (\(text)) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { pdf += String(format: "%010d 00000 n \n", offset) }
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(pdf.utf8)
    }

    /// The width and height in a JPEG's frame header (SOF0/SOF1/SOF2).
    static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if [0xC0, 0xC1, 0xC2].contains(marker) {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }

    /// The GPS latitude's rationals as written (47/1, 22/1): what must not survive into a rendition.
    static let gpsLatitude: [UInt8] = le32(47) + le32(1) + le32(22) + le32(1)

    /// Whether `bytes` hold an EXIF block.
    static func hasEXIF(_ bytes: [UInt8]) -> Bool { contains(bytes, Array("Exif\0\0".utf8)) }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}

/// A `multipart/form-data` body for the tests: a metadata part and file parts.
struct TestMultipart {
    let boundary = "dwall-test-\(UUID().uuidString)"
    private(set) var body: [UInt8] = []

    /// The `Content-Type` header naming the boundary.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Adds a part.
    mutating func add(name: String, filename: String? = nil, type: String? = nil, _ bytes: [UInt8]) {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
        if let filename { head += "; filename=\"\(filename)\"" }
        head += "\r\n"
        if let type { head += "Content-Type: \(type)\r\n" }
        head += "\r\n"
        body += Array(head.utf8) + bytes + Array("\r\n".utf8)
    }

    /// The body with its closing boundary.
    var finished: [UInt8] { body + Array("--\(boundary)--\r\n".utf8) }
}
