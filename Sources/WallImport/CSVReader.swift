/// A small RFC 4180 reader: comma-separated fields, records ended by CRLF or LF, fields in double
/// quotes may hold commas, line breaks and doubled quotes. Each record knows the line it starts
/// on, so an error can name it (the mirrored CSV packages don't say where a record was).
struct CSVReader {
    /// One record and the line it starts on.
    struct Record {
        var line: Int
        var fields: [String]
    }

    /// Reads every record; throws for a quote left open or text after a closing quote.
    static func records(_ text: String) throws(ImportFileError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quoteLine = 1
        var afterQuote = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?

        func endRecord() {
            fields.append(field)
            field = ""
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
        }

        while let scalar = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                        afterQuote = true
                        pending = next
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                afterQuote = false
            case "\r":
                let next = iterator.next()
                if next != "\n" { pending = next }
                fallthrough
            case "\n":
                endRecord()
                line += 1
                recordLine = line
                afterQuote = false
            case "\"" where field.isEmpty && !afterQuote:
                inQuotes = true
                quoteLine = line
            default:
                if afterQuote {
                    throw ImportFileError("Line \(line): text after a closing quote; a quote inside a quoted field must be doubled (\"\").")
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw ImportFileError("Line \(quoteLine): a quoted field is never closed.") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}
