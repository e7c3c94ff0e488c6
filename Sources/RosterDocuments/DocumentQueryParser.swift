import RosterWire

/// Reading a filter: field conditions and the logical operators, each operator checked for its
/// shape; what is not served is refused by name.
extension DocumentQuery {
    /// Top-level operators MongoDB has and Roster does not serve.
    private static let unservedTopLevel: Set<String> = [
        "$where", "$expr", "$text", "$jsonSchema", "$sampleRate", "$alwaysTrue", "$alwaysFalse", "$atomic", "$isolated",
    ]

    /// Field operators MongoDB has and Roster does not serve.
    private static let unservedField: Set<String> = [
        "$mod", "$near", "$nearSphere", "$geoWithin", "$geoIntersects", "$within", "$box", "$center", "$centerSphere",
        "$polygon", "$geometry", "$maxDistance", "$minDistance", "$uniqueDocs", "$bitsAllSet", "$bitsAnySet",
        "$bitsAllClear", "$bitsAnyClear", "$where", "$expr", "$text", "$jsonSchema",
    ]

    private static func refuse(_ name: String, topLevel: Bool) -> DocumentError {
        let served = topLevel ? unservedTopLevel : unservedField
        return served.contains(name)
            ? .invalid("query operator '\(name)' is not supported")
            : .invalid("unknown \(topLevel ? "top-level " : "")query operator '\(name.prefix(64))'")
    }

    static func filter(_ value: JSONValue, at context: String = "") throws(DocumentError) -> Filter {
        guard case .object(let fields) = value else {
            throw .invalid(context.isEmpty ? "a query must be a JSON object" : "\(context) takes query objects")
        }
        var parts: [Filter] = []
        for (key, operand) in fields.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "$and", "$or", "$nor":
                guard case .array(let items) = operand, !items.isEmpty else {
                    throw .invalid("\(key) takes a non-empty array of queries")
                }
                var clauses: [Filter] = []
                for item in items { clauses.append(try filter(item, at: key)) }
                parts.append(key == "$and" ? .all(clauses) : key == "$or" ? .any(clauses) : .none(clauses))
            case "$comment":
                continue
            case _ where key.hasPrefix("$"):
                throw refuse(key, topLevel: true)
            default:
                let path = try DocumentPath(key)
                for predicate in try predicates(operand, path: path.description) { parts.append(.field(path, predicate)) }
            }
        }
        return .all(parts)
    }

    /// The predicates of one field's condition: operators, a regular expression, or a value to equal.
    private static func predicates(_ value: JSONValue, path: String) throws(DocumentError) -> [Predicate] {
        if let regex = try DocumentRegex(value: value, path: path) { return [.regex(regex)] }
        guard case .object(let fields) = value, !value.isTypedValue, fields.keys.contains(where: { $0.hasPrefix("$") }) else {
            return [.equals(value)]
        }
        return try operators(fields, path: path)
    }

    /// An object of operators, `{"$gt": 1, "$lt": 5}`: each one a predicate of its own.
    private static func operators(_ fields: JSONObject, path: String) throws(DocumentError) -> [Predicate] {
        if let field = fields.keys.first(where: { !$0.hasPrefix("$") }) {
            throw .invalid("the condition on '\(path.prefix(64))' mixes operators with the field '\(field.prefix(64))'")
        }
        var result: [Predicate] = []
        if fields["$regex"] != nil || fields["$options"] != nil {
            result.append(.regex(try regex(fields["$regex"], options: fields["$options"], path: path)))
        }
        for (name, operand) in fields.sorted(by: { $0.key < $1.key }) where name != "$regex" && name != "$options" {
            result.append(try predicate(name, operand, path: path))
        }
        return result
    }

    private static func predicate(_ name: String, _ operand: JSONValue, path: String) throws(DocumentError) -> Predicate {
        switch name {
        case "$eq": return .equals(operand)
        case "$ne": return .not(.equals(operand))
        case "$gt", "$gte", "$lt", "$lte": return .compare(Comparison(rawValue: name)!, operand)
        case "$in": return .among(try candidates(operand, name: name, path: path))
        case "$nin": return .not(.among(try candidates(operand, name: name, path: path)))
        case "$exists":
            switch operand {
            case .bool(let flag): return flag ? .exists : .not(.exists)
            case .int, .double: return operand.numberValue != 0 ? .exists : .not(.exists)
            default: throw .invalid("$exists at '\(path.prefix(64))' takes true or false")
            }
        case "$type": return .type(try types(operand, path: path))
        case "$size":
            guard let number = operand.numberValue, number >= 0, number.rounded() == number, let count = Int(exactly: number) else {
                throw .invalid("$size at '\(path.prefix(64))' takes a whole number, 0 or more")
            }
            return .size(count)
        case "$all": return try all(operand, path: path)
        case "$elemMatch": return try elementMatch(operand, path: path)
        case "$not":
            if let regex = try DocumentRegex(value: operand, path: path) { return .not(.regex(regex)) }
            guard case .object(let fields) = operand, !operand.isTypedValue, !fields.isEmpty,
                fields.keys.allSatisfy({ $0.hasPrefix("$") })
            else { throw .invalid("$not at '\(path.prefix(64))' takes a regular expression or an object of operators") }
            let inner = try operators(fields, path: path)
            return .not(inner.count == 1 ? inner[0] : .and(inner))
        default:
            throw refuse(name, topLevel: false)
        }
    }

    private static func regex(_ pattern: JSONValue?, options: JSONValue?, path: String) throws(DocumentError) -> DocumentRegex {
        guard let pattern else { throw .invalid("$options at '\(path.prefix(64))' needs a $regex") }
        let extra: String
        switch options {
        case nil: extra = ""
        case .string(let text)?: extra = text
        default: throw .invalid("$options at '\(path.prefix(64))' takes a string of options")
        }
        switch pattern {
        case .string(let text):
            return try DocumentRegex(pattern: text, options: extra, path: path)
        default:
            guard let regex = try DocumentRegex(value: pattern, path: path) else {
                throw .invalid("$regex at '\(path.prefix(64))' takes a string or a regular expression")
            }
            guard extra.isEmpty || regex.options.isEmpty else {
                throw .invalid("options are set in both $regex and $options at '\(path.prefix(64))'")
            }
            return extra.isEmpty ? regex : try DocumentRegex(pattern: regex.pattern, options: extra, path: path)
        }
    }

    /// The values of `$in` / `$nin`: values to equal and regular expressions, no operators.
    private static func candidates(_ operand: JSONValue, name: String, path: String) throws(DocumentError) -> [Candidate] {
        guard case .array(let items) = operand else { throw .invalid("\(name) at '\(path.prefix(64))' takes an array") }
        var result: [Candidate] = []
        for item in items {
            if let regex = try DocumentRegex(value: item, path: path) {
                result.append(.regex(regex))
            } else if case .object(let fields) = item, !item.isTypedValue, fields.keys.contains(where: { $0.hasPrefix("$") }) {
                throw .invalid("\(name) at '\(path.prefix(64))' takes values, not operators")
            } else {
                result.append(.value(item))
            }
        }
        return result
    }

    /// `$all`: every value (or regular expression) matches, or every `$elemMatch` finds an element.
    private static func all(_ operand: JSONValue, path: String) throws(DocumentError) -> Predicate {
        guard case .array(let items) = operand else { throw .invalid("$all at '\(path.prefix(64))' takes an array") }
        // MongoDB: an empty $all matches no document.
        guard !items.isEmpty else { return .among([]) }
        let isElementMatch = { (item: JSONValue) in item.objectValue?.keys.first == "$elemMatch" && item.objectValue?.count == 1 }
        if items.contains(where: isElementMatch) {
            guard items.allSatisfy(isElementMatch) else {
                throw .invalid("$all at '\(path.prefix(64))' takes either values or $elemMatch conditions, not both")
            }
            var result: [Predicate] = []
            for item in items { result.append(try elementMatch(item["$elemMatch"]!, path: path)) }
            return .and(result)
        }
        var result: [Predicate] = []
        for item in items {
            if let regex = try DocumentRegex(value: item, path: path) {
                result.append(.regex(regex))
            } else if case .object(let fields) = item, !item.isTypedValue, fields.keys.contains(where: { $0.hasPrefix("$") }) {
                throw .invalid("$all at '\(path.prefix(64))' takes values, not operators")
            } else {
                result.append(.equals(item))
            }
        }
        return .and(result)
    }

    /// `$elemMatch` with operators (`{"$gte": 80, "$lt": 85}`) tests each element as a value;
    /// with fields (`{"product": "xyz"}`) as a document.
    static func elementMatch(_ operand: JSONValue, path: String) throws(DocumentError) -> Predicate {
        guard case .object(let fields) = operand, !operand.isTypedValue else {
            throw .invalid("$elemMatch at '\(path.prefix(64))' takes an object")
        }
        let logical: Set<String> = ["$and", "$or", "$nor", "$comment"]
        if fields.keys.contains(where: { $0.hasPrefix("$") && !logical.contains($0) && !unservedTopLevel.contains($0) }) {
            return .elementSatisfies(try operators(fields, path: path))
        }
        return .elementMatches(try filter(operand, at: "$elemMatch"))
    }

    /// `$type`: a type's alias or number, or an array of them.
    private static func types(_ operand: JSONValue, path: String) throws(DocumentError) -> TypeSet {
        let items = operand.arrayValue ?? [operand]
        guard !items.isEmpty else { throw .invalid("$type at '\(path.prefix(64))' takes at least one type") }
        var set = TypeSet(codes: [], anyNumber: false)
        // Types a document here cannot hold: accepted, as MongoDB does, and never matched.
        let others: [String: Int] = [
            "undefined": 6, "dbPointer": 12, "javascript": 13, "symbol": 14, "javascriptWithScope": 15, "timestamp": 17,
            "minKey": -1, "maxKey": 127,
        ]
        for item in items {
            switch item {
            case .string("number"): set.anyNumber = true
            case .string(let name):
                guard let code = BSONType(name: name)?.rawValue ?? others[name] else {
                    throw .invalid("unknown type name '\(name.prefix(64))' in $type at '\(path.prefix(64))'")
                }
                set.codes.insert(code)
            case .int, .double:
                guard let number = item.numberValue, let code = Int(exactly: number),
                    BSONType(rawValue: code) != nil || others.values.contains(code)
                else { throw .invalid("invalid type number in $type at '\(path.prefix(64))'") }
                set.codes.insert(code)
            default:
                throw .invalid("$type at '\(path.prefix(64))' takes a type name or number")
            }
        }
        return set
    }
}
