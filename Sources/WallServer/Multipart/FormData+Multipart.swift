import WallCore

extension FormData {
    /// Reads the text fields of a `multipart/form-data` body held in memory (bounded by
    /// `Limits.maxFormBodyBytes`) with the one parser, `MultipartStream`; file parts are counted
    /// and their bytes skipped.
    static func multipart(_ body: [UInt8], boundary: String) throws(ValidationError) -> FormData {
        var fields = TextFields()
        do {
            var parser = try MultipartStream(boundary: boundary, maxBodyBytes: Int64(Limits.maxFormBodyBytes))
            try parser.feed(body, into: &fields)
            try parser.finish()
        } catch let error as ValidationError {
            throw error
        } catch let refusal as MultipartRefusal {
            throw ValidationError(.invalidField, field: nil, refusal.message)
        } catch {
            throw ValidationError(.invalidField, field: nil, "The multipart form is not readable.")
        }
        return fields.form
    }
}

/// Collects a multipart form's text fields; file parts are counted.
private struct TextFields: MultipartPartHandler {
    var form = FormData()
    private var name: String?
    private var value: [UInt8] = []

    mutating func partBegan(_ headers: MultipartPartHeaders) throws {
        if headers.filename != nil {
            form.fileCount += 1
            name = nil
        } else {
            name = headers.name
        }
        value = []
    }

    mutating func partBytes(_ bytes: ArraySlice<UInt8>) throws {
        if name != nil { value.append(contentsOf: bytes) }
    }

    mutating func partEnded() throws {
        guard let name else { return }
        guard let text = String(validating: value, as: UTF8.self) else {
            throw ValidationError(.invalidField, field: nil, "The multipart form is not readable.")
        }
        try form.append(name, text)
        self.name = nil
    }
}
