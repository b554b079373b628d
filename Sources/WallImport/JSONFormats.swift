import Foundation

/// Tells the JSON formats apart, and reads JSON with errors a person can act on.
enum JSONFormats {
    static func detect(_ text: String) -> ImportFormat? {
        guard let root = try? object(text) else { return .linkdingJSON }
        if let dictionary = root as? [String: Any] {
            if dictionary["format"] as? String == "digitalwall-export" { return .digitalWallJSON }
            if dictionary["bookmarks"] != nil { return .karakeepJSON }
            if dictionary["results"] != nil { return .linkdingJSON }
            return nil
        }
        return root is [Any] ? .linkdingJSON : nil
    }

    /// Parses JSON; a syntax error becomes an error naming the line where it was found.
    static func object(_ text: String) throws(ImportFileError) -> Any {
        let data = Data(text.utf8)
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            let detail = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            throw ImportFileError("The file is not valid JSON: \(detail)")
        }
    }

    /// The list of entries at `key` (or the root when it is a list).
    static func list(_ root: Any, key: String) throws(ImportFileError) -> [Any] {
        if let array = root as? [Any] { return array }
        guard let dictionary = root as? [String: Any], let array = dictionary[key] as? [Any] else {
            throw ImportFileError("The file has no \"\(key)\" list.")
        }
        return array
    }

    /// A string field; an empty or absent one is `nil`.
    static func string(_ object: [String: Any], _ key: String) -> String? {
        guard let value = object[key] as? String else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A list of strings (tags); anything else in it is dropped.
    static func strings(_ object: [String: Any], _ key: String) -> [String] {
        (object[key] as? [Any] ?? []).compactMap { value in
            if let text = value as? String { return text }
            if let tag = value as? [String: Any] { return tag["name"] as? String }
            return nil
        }
    }
}
