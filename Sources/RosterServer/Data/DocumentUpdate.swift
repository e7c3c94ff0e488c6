import RosterWire

/// A MongoDB-style update: operators (`$set`, `$unset`, `$inc`, `$push` with or without
/// `$each`), or a whole new document that replaces the old one. The two do not mix; an
/// unknown operator is refused by name.
enum DocumentUpdate: Sendable, Equatable {
    case replace([String: JSONValue])
    case operators([Operation])

    enum Operation: Sendable, Equatable {
        case set(DocumentPath, JSONValue)
        case unset(DocumentPath)
        case increment(DocumentPath, JSONValue)
        case push(DocumentPath, [JSONValue])

        var path: DocumentPath {
            switch self {
            case .set(let path, _), .unset(let path), .increment(let path, _), .push(let path, _): path
            }
        }
    }

    static func parse(_ value: JSONValue?) throws(ErrorResponse) -> DocumentUpdate {
        guard let value else { throw .missingParameter("update") }
        guard case .object(let fields) = ExtendedJSON.plain(value) else { throw .invalidParameter("an update must be a JSON object") }
        guard !fields.isEmpty else { throw .invalidParameter("an update must change something") }
        let operatorKeys = fields.keys.filter { $0.hasPrefix("$") }
        guard !operatorKeys.isEmpty else {
            var replacement = fields
            replacement["_id"] = nil
            return .replace(replacement)
        }
        guard operatorKeys.count == fields.count else {
            throw .invalidParameter("an update is either operators ($set, …) or a whole document, not both")
        }
        var operations: [Operation] = []
        for (name, argument) in fields.sorted(by: { $0.key < $1.key }) {
            guard case .object(let targets) = argument, !targets.isEmpty else {
                throw .invalidParameter("\(name) takes an object of fields")
            }
            for (key, operand) in targets.sorted(by: { $0.key < $1.key }) {
                let path = try DocumentPath(key)
                guard path.topLevel != "_id" else { throw .invalidParameter("_id cannot be changed") }
                switch name {
                case "$set": operations.append(.set(path, operand))
                case "$unset": operations.append(.unset(path))
                case "$inc":
                    guard operand.numberValue != nil else { throw .invalidParameter("$inc takes numbers ('\(path)')") }
                    operations.append(.increment(path, operand))
                case "$push":
                    if case .object(let each) = operand, each.keys.first?.hasPrefix("$") == true {
                        guard each.count == 1, let items = each["$each"]?.arrayValue else {
                            throw .invalidParameter("$push takes a value or {\"$each\": [values]}")
                        }
                        operations.append(.push(path, items))
                    } else {
                        operations.append(.push(path, [operand]))
                    }
                default:
                    throw .invalidParameter("unknown update operator '\(name.prefix(32))'")
                }
            }
        }
        let paths = operations.map(\.path.description)
        guard Set(paths).count == paths.count else { throw .invalidParameter("an update names a field twice") }
        return .operators(operations)
    }

    /// The document after the update.
    func apply(to document: [String: JSONValue]) throws(ErrorResponse) -> [String: JSONValue] {
        switch self {
        case .replace(let replacement):
            return replacement
        case .operators(let operations):
            var result = document
            for operation in operations {
                switch operation {
                case .set(let path, let value):
                    result = try path.setting(value, in: result)
                case .unset(let path):
                    result = path.removing(from: result)
                case .increment(let path, let amount):
                    let current = path.value(in: .object(result))
                    let sum: JSONValue
                    switch (current, amount) {
                    case (nil, _), (.null?, _): sum = amount
                    case (.int(let left)?, .int(let right)):
                        let (total, overflow) = left.addingReportingOverflow(right)
                        guard !overflow else { throw .invalidParameter("$inc overflows '\(path)'") }
                        sum = .int(total)
                    case (let value?, _):
                        guard let left = value.numberValue, let right = amount.numberValue else {
                            throw .invalidParameter("$inc cannot add to '\(path)', which is not a number")
                        }
                        sum = .double(left + right)
                    }
                    result = try path.setting(sum, in: result)
                case .push(let path, let items):
                    switch path.value(in: .object(result)) {
                    case nil, .null?: result = try path.setting(.array(items), in: result)
                    case .array(let existing)?: result = try path.setting(.array(existing + items), in: result)
                    default: throw .invalidParameter("$push needs '\(path)' to be an array")
                    }
                }
            }
            return result
        }
    }
}
