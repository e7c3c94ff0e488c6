import RosterWire

/// The `$unwind` stage: one document per element of an array field, the field holding the
/// element. A value that is not an array counts as an array of itself; null, a missing field and
/// an empty array give no document unless `preserveNullAndEmptyArrays` is true.
///
///     let unwind = try PipelineUnwind.parse("$sizes")
///     try unwind.run([["sizes": ["S", "M"]]], limit: 100) // [{"sizes": "S"}, {"sizes": "M"}]
struct PipelineUnwind: Sendable {
    let path: DocumentPath
    let indexField: DocumentPath?
    let preserveNullAndEmptyArrays: Bool

    /// `"$path"` or `{"path": "$path", "includeArrayIndex": "name", "preserveNullAndEmptyArrays": true}`.
    static func parse(_ value: JSONValue) throws(DocumentError) -> PipelineUnwind {
        let pathValue: JSONValue?
        var indexField: DocumentPath?
        var preserve = false
        switch value {
        case .string:
            pathValue = value
        case .object(let options) where !value.isTypedValue:
            for key in options.keys.sorted() where !["path", "includeArrayIndex", "preserveNullAndEmptyArrays"].contains(key) {
                throw .invalid("$unwind takes path, includeArrayIndex and preserveNullAndEmptyArrays, not '\(key.prefix(64))'")
            }
            pathValue = options["path"]
            switch options["includeArrayIndex"] {
            case nil: break
            case .string(let name)? where !name.isEmpty && !name.hasPrefix("$"):
                indexField = try DocumentPath(name)
            default: throw .invalid("$unwind's includeArrayIndex takes a field name not starting with '$'")
            }
            switch options["preserveNullAndEmptyArrays"] {
            case nil: break
            case .bool(let flag)?: preserve = flag
            default: throw .invalid("$unwind's preserveNullAndEmptyArrays takes true or false")
            }
        default:
            throw .invalid("$unwind takes a field path or an object of options")
        }
        guard let pathValue else { throw .missing("path' of '$unwind") }
        guard case .string(let text) = pathValue, text.hasPrefix("$"), !text.hasPrefix("$$") else {
            throw .invalid("$unwind's path is a field path starting with '$'")
        }
        return .init(path: try DocumentPath(String(text.dropFirst())), indexField: indexField,
                     preserveNullAndEmptyArrays: preserve)
    }

    private enum Change { case set(JSONValue), remove, keep }

    /// The unwound documents; more than `limit` of them is refused.
    func run(_ documents: [JSONValue], limit: Int) throws(DocumentError) -> [JSONValue] {
        var output: [JSONValue] = []
        func emit(_ document: JSONObject, _ change: Change, _ index: JSONValue) throws(DocumentError) {
            guard output.count < limit else { throw .limit("$unwind would hold more than \(limit) documents") }
            var fields = document
            switch change {
            case .set(let item): fields = (try? path.setting(item, in: fields)) ?? fields
            case .remove: fields = path.removing(from: fields)
            case .keep: break
            }
            if let indexField { fields = (try? indexField.setting(index, in: fields)) ?? fields }
            output.append(.object(fields))
        }
        for document in documents {
            let fields = document.objectValue ?? [:]
            switch Self.value(at: path.parts[...], in: document) {
            case .array(let items)? where !items.isEmpty:
                for (index, item) in items.enumerated() { try emit(fields, .set(item), .int(Int64(index))) }
            case .array?:
                // An empty array is left out of the preserved document; null stays null.
                if preserveNullAndEmptyArrays { try emit(fields, .remove, .null) }
            case nil, .null?:
                if preserveNullAndEmptyArrays { try emit(fields, .keep, .null) }
            case .some:
                try emit(fields, .keep, .null)
            }
        }
        return output
    }

    /// The field at the path through embedded documents only (as `$unwind` reads it, no array
    /// indexes).
    private static func value(at parts: ArraySlice<String>, in value: JSONValue) -> JSONValue? {
        guard let part = parts.first else { return value }
        guard case .object(let fields) = value, !value.isTypedValue, let next = fields[part] else { return nil }
        return Self.value(at: parts.dropFirst(), in: next)
    }
}
