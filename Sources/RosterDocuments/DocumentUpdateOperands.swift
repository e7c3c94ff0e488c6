import RosterWire

/// Reads one operator's fields into operations, checking each operand as MongoDB does.
struct UpdateParser {
    typealias Operation = DocumentUpdate.Operation

    /// The operators served; anything else is refused by name.
    static let operators: Set<String> = [
        "$set", "$unset", "$inc", "$mul", "$min", "$max", "$rename", "$push", "$addToSet", "$pull", "$pullAll",
        "$pop", "$currentDate", "$setOnInsert",
    ]

    let filters: [String: DocumentQuery]

    func operations(_ name: String, _ argument: JSONValue) throws(DocumentError) -> [Operation] {
        guard Self.operators.contains(name) else { throw .invalid("unknown update operator '\(name.prefix(32))'") }
        guard case .object(let fields) = argument else {
            throw .invalid("\(name) takes an object of fields, as {\"\(name)\": {\"<field>\": …}}")
        }
        var operations: [Operation] = []
        for field in fields {
            if name == "$rename" {
                operations.append(try rename(field.key, field.value))
                continue
            }
            let path = try UpdatePath(field.key, arrayFilters: filters)
            operations.append(try operation(name, path, field.value))
        }
        return operations
    }

    private func operation(_ name: String, _ path: UpdatePath, _ value: JSONValue) throws(DocumentError) -> Operation {
        switch name {
        case "$set": return .set(path, value)
        case "$setOnInsert": return .setOnInsert(path, value)
        case "$unset": return .unset(path)
        case "$inc": return .increment(path, try Self.number(value, for: name, path))
        case "$mul": return .multiply(path, try Self.number(value, for: name, path))
        case "$min": return .minimum(path, value)
        case "$max": return .maximum(path, value)
        case "$push": return .push(path, try push(value, path))
        case "$addToSet": return .addToSet(path, try Self.addToSet(value, path))
        case "$pull": return .pull(path, try Self.pull(value))
        case "$pullAll":
            guard let values = value.arrayValue else {
                throw .invalid("$pullAll takes an array ('\(path.description.prefix(64))' is given a value of type \(value.bsonType.name))")
            }
            return .pullAll(path, values)
        case "$pop":
            guard let number = value.documentNumber else { throw .invalid("$pop takes 1 or -1 ('\(path.description.prefix(64))')") }
            guard number == 1 || number == -1 else { throw .invalid("$pop expects 1 or -1 ('\(path.description.prefix(64))')") }
            return .pop(path, first: number == -1)
        default:
            try Self.checkCurrentDate(value, path)
            return .currentDate(path)
        }
    }

    private func rename(_ key: String, _ operand: JSONValue) throws(DocumentError) -> Operation {
        let source = try UpdatePath(key, arrayFilters: filters)
        guard let text = operand.stringValue else { throw .invalid("the 'to' field for $rename must be a string ('\(key.prefix(64))')") }
        let target = try UpdatePath(text, arrayFilters: filters)
        guard let from = source.fieldPath else { throw .invalid("the source field for $rename may not be dynamic ('\(key.prefix(64))')") }
        guard let to = target.fieldPath else { throw .invalid("the destination field for $rename may not be dynamic ('\(text.prefix(64))')") }
        guard from != to else { throw .invalid("the source and target field for $rename must differ ('\(key.prefix(64))')") }
        if from.parts.starts(with: to.parts) || to.parts.starts(with: from.parts) {
            throw .invalid("the source and target field for $rename must not be on the same path ('\(key.prefix(64))' and '\(text.prefix(64))')")
        }
        return .rename(source, to: target)
    }

    /// An `$inc` or `$mul` operand: an int or a double (Decimal128 arithmetic is not served).
    private static func number(_ value: JSONValue, for name: String, _ path: UpdatePath) throws(DocumentError) -> JSONValue {
        switch value.bsonType {
        case .int, .long, .double: return value
        case .decimal: throw .invalid("\(name) with a Decimal128 is not supported ('\(path.description.prefix(64))')")
        default: throw .invalid("\(name) takes numbers ('\(path.description.prefix(64))' is given a value of type \(value.bsonType.name))")
        }
    }

    /// `$push`: a value, or `{"$each": [values]}` with `$position`, `$sort` and `$slice`.
    private func push(_ operand: JSONValue, _ path: UpdatePath) throws(DocumentError) -> DocumentUpdate.Push {
        guard case .object(let clauses) = operand, clauses["$each"] != nil else {
            return .init(values: [operand])
        }
        var push = DocumentUpdate.Push(values: [])
        for (key, value) in clauses {
            switch key {
            case "$each":
                guard let values = value.arrayValue else {
                    throw .invalid("the argument to $each in $push must be an array but it was of type: \(value.bsonType.name)")
                }
                push.values = values
            case "$slice":
                guard let slice = Self.integer(value) else {
                    throw .invalid("the value for $slice must be an integer value but was given type: \(value.bsonType.name)")
                }
                push.slice = slice
            case "$position":
                guard let position = Self.integer(value) else {
                    throw .invalid("the value for $position must be an integer value, not of type: \(value.bsonType.name)")
                }
                push.position = position
            case "$sort":
                push.sort = try Self.sort(value, path)
            default:
                throw .invalid("unrecognized clause in $push: '\(key.prefix(32))'")
            }
        }
        return push
    }

    private static func sort(_ spec: JSONValue, _ path: UpdatePath) throws(DocumentError) -> DocumentUpdate.PushSort {
        func direction(_ value: JSONValue) throws(DocumentError) -> Bool {
            guard let number = value.documentNumber, number == 1 || number == -1 else {
                throw .invalid("the $sort element value must be either 1 or -1")
            }
            return number == 1
        }
        switch spec {
        case .object(let fields):
            guard !fields.isEmpty else { throw .invalid("the $sort pattern is empty when it should be a set of fields") }
            var keys: [(path: DocumentPath, ascending: Bool)] = []
            for field in fields {
                let ascending = try direction(field.value)
                guard !field.key.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
                    throw .invalid("the $sort field is a dotted field but has an empty part: '\(field.key.prefix(64))'")
                }
                keys.append((try DocumentPath(field.key), ascending))
            }
            return .fields(keys)
        case let value where value.documentNumber != nil:
            return .elements(ascending: try direction(value))
        default:
            throw .invalid("the $sort is invalid: use 1/-1 to sort the whole element, or {field: 1/-1} to sort embedded fields")
        }
    }

    /// `$addToSet`: a value, or `{"$each": [values]}` and nothing more.
    private static func addToSet(_ operand: JSONValue, _ path: UpdatePath) throws(DocumentError) -> [JSONValue] {
        guard case .object(let clauses) = operand, let (key, each) = clauses.first, key == "$each" else { return [operand] }
        guard clauses.count == 1 else { throw .invalid("found unexpected fields after $each in $addToSet ('\(path.description.prefix(64))')") }
        guard let values = each.arrayValue else {
            throw .invalid("the argument to $each in $addToSet must be an array but it was of type \(each.bsonType.name)")
        }
        return values
    }

    /// `$pull`'s condition, told apart as MongoDB does: an object whose first field is an
    /// operator is a condition on each element; another object a query on element documents;
    /// anything else (a typed value like an ObjectId included) a value to match.
    private static func pull(_ value: JSONValue) throws(DocumentError) -> DocumentUpdate.Pull {
        if value.bsonType == .regex { return .condition(try DocumentQuery.parse(["element": value])) }
        guard case .object(let fields) = value, !value.isTypedValue else { return .equal(value) }
        if fields.first?.key.hasPrefix("$") == true { return .condition(try DocumentQuery.parse(["element": value])) }
        return .document(try DocumentQuery.parse(value))
    }

    private static func checkCurrentDate(_ value: JSONValue, _ path: UpdatePath) throws(DocumentError) {
        switch value {
        case .bool: return
        case .object(let options):
            for key in options.keys.sorted() where key != "$type" {
                throw .invalid("unrecognized $currentDate option: '\(key.prefix(32))'")
            }
            switch options["$type"]?.stringValue {
            case "date": return
            case "timestamp": throw .invalid("$currentDate with {\"$type\": \"timestamp\"} is not supported ('\(path.description.prefix(64))')")
            default: throw .invalid("the '$type' field of $currentDate must be \"date\" or \"timestamp\" ('\(path.description.prefix(64))')")
            }
        default:
            throw .invalid("$currentDate takes true or {\"$type\": \"date\"} ('\(path.description.prefix(64))')")
        }
    }

    /// A whole number, as MongoDB reads `$slice` and `$position`.
    private static func integer(_ value: JSONValue) -> Int64? {
        switch value {
        case .int(let number): number
        case .double(let number) where number.rounded() == number && abs(number) < 9.2e18: Int64(number)
        default: nil
        }
    }
}
