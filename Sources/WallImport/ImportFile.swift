import Foundation
import WallCore

/// Reads an import file of any supported format, detected from its content.
public enum ImportFile {
    /// Parses `data`; throws when the file as a whole can't be read (naming the line or entry),
    /// and lists single unreadable entries in `problems` instead.
    public static func parse(_ data: Data, options: ImportOptions = ImportOptions()) throws(ImportFileError) -> ParsedImport {
        guard data.count <= Limits.maxImportFileBytes else {
            throw ImportFileError("The file is larger than \(Limits.maxImportFileBytes / 1_048_576) MB.")
        }
        let (text, encoding) = TextDecoding.decode(data)
        guard let format = ImportFormat.detect(text) else {
            throw ImportFileError(
                "This file is not in a format Digital Wall reads (browser bookmark HTML, Pocket CSV, linkding or Karakeep JSON, our own JSON export, or one web address per line)."
            )
        }
        var parsed = try parse(text, as: format, options: options)
        parsed.encoding = encoding
        return parsed
    }

    /// Parses `text` as `format`.
    public static func parse(_ text: String, as format: ImportFormat, options: ImportOptions = ImportOptions()) throws(ImportFileError) -> ParsedImport {
        var reader = EntryCollector(format: format, options: options)
        switch format {
        case .netscapeHTML: NetscapeParser.parse(text, into: &reader)
        case .pocketCSV: try PocketCSVParser.parse(text, into: &reader)
        case .linkdingJSON: try LinkdingParser.parse(text, into: &reader)
        case .karakeepJSON: try KarakeepParser.parse(text, into: &reader)
        case .digitalWallJSON: try DigitalWallParser.parse(text, into: &reader)
        case .urlList: URLListParser.parse(text, into: &reader)
        }
        return reader.result(keepingOrder: format == .digitalWallJSON)
    }
}
