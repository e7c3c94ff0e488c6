import Foundation
import RosterWire

/// What each operator does to the value at its path: to an existing one (`update`), or where
/// the document has none (`create`, nil when the operator makes nothing there).
enum UpdateModifier {
    typealias Operation = DocumentUpdate.Operation

    /// Whether the operator makes its path when the document lacks it (`$unset`, `$pull`,
    /// `$pullAll` and `$pop` do not).
    static func creates(_ operation: Operation) -> Bool {
        switch operation {
        case .unset, .pull, .pullAll, .pop: false
        default: true
        }
    }

    static func create(_ operation: Operation, at path: String, _ context: UpdateTree.Context) throws(DocumentError) -> JSONValue? {
        switch operation {
        case .set(_, let value), .setOnInsert(_, let value), .increment(_, let value), .minimum(_, let value), .maximum(_, let value):
            return value
        case .multiply(_, let factor):
            // MongoDB writes the factor times zero: 0 of the factor's type (NaN for NaN).
            if case .int = factor { return .int(0) }
            return double(factor.documentNumber! * 0)
        case .push(_, let push):
            return .array(self.push(push, onto: []))
        case .addToSet(_, let values):
            return .array(adding(values, to: []))
        case .currentDate:
            return date(context)
        case .unset, .pull, .pullAll, .pop, .rename:
            return nil
        }
    }

    static func update(_ current: JSONValue, with operation: Operation, at path: String, _ context: UpdateTree.Context)
        throws(DocumentError) -> JSONValue?
    {
        switch operation {
        case .set(_, let value), .setOnInsert(_, let value):
            return value
        case .unset:
            return nil
        case .increment(_, let amount):
            return try arithmetic("$inc", current, amount, at: path)
        case .multiply(_, let factor):
            return try arithmetic("$mul", current, factor, at: path)
        case .minimum(_, let value):
            return DocumentOrder.compare(value, current) < 0 ? value : current
        case .maximum(_, let value):
            return DocumentOrder.compare(value, current) > 0 ? value : current
        case .currentDate:
            return date(context)
        case .push(_, let push):
            return .array(self.push(push, onto: try array(current, for: "$push", at: path)))
        case .addToSet(_, let values):
            return .array(adding(values, to: try array(current, for: "$addToSet", at: path)))
        case .pull(_, let pull):
            var kept: [JSONValue] = []
            for element in try array(current, for: "$pull", at: path) where try !matches(pull, element) { kept.append(element) }
            return .array(kept)
        case .pullAll(_, let values):
            return .array(try array(current, for: "$pullAll", at: path).filter { item in
                !values.contains { DocumentOrder.compare($0, item) == 0 }
            })
        case .pop(_, let first):
            let items = try array(current, for: "$pop", at: path)
            return .array(Array(first ? items.dropFirst() : items.dropLast()))
        case .rename:
            return current
        }
    }

    private static func array(_ value: JSONValue, for name: String, at path: String) throws(DocumentError) -> [JSONValue] {
        guard case .array(let items) = value else {
            throw .invalid("\(name) needs '\(path.prefix(64))' to be an array, not a value of type \(value.bsonType.name)")
        }
        return items
    }

    // MARK: Numbers

    /// `$inc` and `$mul`: two ints stay an int (refused past 64 bits, as MongoDB refuses it);
    /// with a double the result is a double.
    private static func arithmetic(_ name: String, _ current: JSONValue, _ operand: JSONValue, at path: String) throws(DocumentError)
        -> JSONValue
    {
        switch current.bsonType {
        case .int, .long, .double: break
        case .decimal: throw .invalid("\(name) on a Decimal128 is not supported ('\(path.prefix(64))')")
        default:
            throw .invalid("cannot apply \(name) to '\(path.prefix(64))', which is not a number (it is of type \(current.bsonType.name))")
        }
        if case .int(let left) = current, case .int(let right) = operand {
            let (result, overflow) = name == "$inc" ? left.addingReportingOverflow(right) : left.multipliedReportingOverflow(by: right)
            guard !overflow else { throw .invalid("\(name) overflows the 64-bit integer at '\(path.prefix(64))'") }
            return .int(result)
        }
        let (left, right) = (current.documentNumber!, operand.documentNumber!)
        return double(name == "$inc" ? left + right : left * right)
    }

    /// A double in the canonical form (a non-finite one as its wrapper).
    private static func double(_ value: Double) -> JSONValue {
        value.isFinite ? .double(value) : ExtendedJSON.nonFiniteDouble(value)
    }

    private static func date(_ context: UpdateTree.Context) -> JSONValue {
        ["$date": .int(Int64((context.now.timeIntervalSince1970 * 1000).rounded(.down)))]
    }

    // MARK: Arrays

    /// `$push`: the values go in at the position, then the array is sorted, then sliced.
    static func push(_ push: DocumentUpdate.Push, onto items: [JSONValue]) -> [JSONValue] {
        var items = items
        let count = Int64(items.count)
        let position = push.position ?? count
        let index: Int64 =
            if position > count { count }
            else if position >= 0 { position }
            else if position.magnitude < count.magnitude { count + position }
            else { 0 }
        items.insert(contentsOf: push.values, at: Int(index))
        if let sort = push.sort { items = sorted(items, by: sort) }
        if let slice = push.slice {
            let keep = Int(clamping: slice.magnitude)
            items = Array(slice >= 0 ? items.prefix(keep) : items.suffix(keep))
        }
        return items
    }

    /// A stable sort, by the elements or by fields of element documents (missing: null).
    private static func sorted(_ items: [JSONValue], by sort: DocumentUpdate.PushSort) -> [JSONValue] {
        func order(_ a: JSONValue, _ b: JSONValue) -> Int {
            switch sort {
            case .elements(let ascending):
                return ascending ? DocumentOrder.compare(a, b) : DocumentOrder.compare(b, a)
            case .fields(let keys):
                for key in keys {
                    let (x, y) = (sortKey(a, key.path), sortKey(b, key.path))
                    let order = key.ascending ? DocumentOrder.compare(x, y) : DocumentOrder.compare(y, x)
                    if order != 0 { return order }
                }
                return 0
            }
        }
        return items.enumerated().sorted { left, right in
            let result = order(left.element, right.element)
            return result != 0 ? result < 0 : left.offset < right.offset
        }.map(\.element)
    }

    private static func sortKey(_ element: JSONValue, _ path: DocumentPath) -> JSONValue {
        guard case .object = element, !element.isTypedValue else { return .null }
        return path.value(in: element) ?? .null
    }

    /// `$addToSet`: each value the array does not hold yet, once.
    private static func adding(_ values: [JSONValue], to items: [JSONValue]) -> [JSONValue] {
        var items = items
        for value in values where !items.contains(where: { DocumentOrder.compare($0, value) == 0 }) {
            items.append(value)
        }
        return items
    }

    private static func matches(_ pull: DocumentUpdate.Pull, _ element: JSONValue) throws(DocumentError) -> Bool {
        switch pull {
        case .equal(let value):
            return DocumentOrder.compare(element, value) == 0
        case .condition(let query):
            return try query.matches(.object(["element": element]))
        case .document(let query):
            guard case .object = element, !element.isTypedValue else { return false }
            return try query.matches(element)
        }
    }
}
