import Foundation

/// Compares what an older server served with what today's serves: every key the old answer had
/// must be there with the same value (today's may add keys), arrays element by element.
enum JSONSubset {
    /// Where `new` does not hold `old`, as readable paths; empty when it does. Keys named in
    /// `ignoring` are skipped at every depth.
    static func differences(_ old: Any, _ new: Any, ignoring: Set<String> = [], path: String = "") -> [String] {
        switch (old, new) {
        case let (old as [String: Any], new as [String: Any]):
            return old.keys.sorted().filter { !ignoring.contains($0) }.flatMap { key in
                guard let value = new[key] else { return ["\(path).\(key) is gone (was \(text(old[key]!)))"] }
                return differences(old[key]!, value, ignoring: ignoring, path: "\(path).\(key)")
            }
        case let (old as [Any], new as [Any]):
            guard old.count == new.count else { return ["\(path) has \(new.count) elements, had \(old.count)"] }
            return zip(old, new).enumerated().flatMap { index, pair in
                differences(pair.0, pair.1, ignoring: ignoring, path: "\(path)[\(index)]")
            }
        default:
            return text(old) == text(new) ? [] : ["\(path) is \(text(new)), was \(text(old))"]
        }
    }

    /// A value as canonical JSON text.
    static func text(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
        else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses a JSON body.
    static func parse(_ data: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
