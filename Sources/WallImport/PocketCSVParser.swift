import Foundation

/// Reads Pocket's CSV export: a header naming the columns (`title,url,time_added,tags,status`;
/// tags separated by `|`), then one saved page per record.
enum PocketCSVParser {
    static func parse(_ text: String, into collector: inout EntryCollector) throws(ImportFileError) {
        let records = try CSVReader.records(text)
        guard let header = records.first else { return }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let urlColumn = names.firstIndex(of: "url") else {
            throw ImportFileError("Line \(header.line): the header has no url column.")
        }
        func column(_ name: String, _ record: CSVReader.Record) -> String? {
            guard let index = names.firstIndex(of: name), index < record.fields.count else { return nil }
            let value = record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : value
        }
        for record in records.dropFirst() {
            let location = "line \(record.line)"
            guard record.fields.count == names.count else {
                collector.skip(at: location, "The record has \(record.fields.count) fields; the header has \(names.count).")
                continue
            }
            guard let url = column(names[urlColumn], record) else {
                collector.skip(at: location, "The record has no url.")
                continue
            }
            let tags = (column("tags", record) ?? "").split(separator: "|").map { String($0) }
            let title = column("title", record).flatMap { $0 == url ? nil : $0 }
            collector.add(
                at: location, url: url, title: title, tags: tags, createdAt: ImportDates.unix(column("time_added", record))
            )
        }
    }
}
