import RosterWire

/// How a query is held once read, and how it matches: a tree of logical nodes over field
/// predicates, each predicate tested against the values a path reaches with MongoDB's array
/// rules.
extension DocumentQuery {
    indirect enum Filter: Sendable {
        /// Every part holds (a query's fields, `$and`).
        case all([Filter])
        /// At least one holds (`$or`).
        case any([Filter])
        /// None holds (`$nor`).
        case none([Filter])
        case field(DocumentPath, Predicate)
    }

    indirect enum Predicate: Sendable {
        case equals(JSONValue)
        case compare(Comparison, JSONValue)
        /// `$in`: equal to one of the values or matched by one of the regular expressions.
        case among([Candidate])
        /// `$exists: true`; `$exists: false` is its negation.
        case exists
        case regex(DocumentRegex)
        case type(TypeSet)
        case size(Int)
        /// `$elemMatch` with operators: one element satisfies them all.
        case elementSatisfies([Predicate])
        /// `$elemMatch` with a query: one element (a document) matches it.
        case elementMatches(Filter)
        /// The negation over the whole path: `$ne`, `$nin`, `$not`, `$exists: false`.
        case not(Predicate)
        /// Each holds on its own (`$all`, several operators under `$not`).
        case and([Predicate])
    }

    enum Comparison: String, Sendable {
        case gt = "$gt", gte = "$gte", lt = "$lt", lte = "$lte"
    }

    enum Candidate: Sendable {
        case value(JSONValue)
        case regex(DocumentRegex)
    }

    /// The types `$type` asks for: MongoDB's type numbers, and whether any number will do.
    struct TypeSet: Sendable {
        var codes: Set<Int>
        var anyNumber: Bool
    }
}

extension DocumentQuery.Filter {
    /// Whether the document matches; a regular expression past its limit refuses the query.
    func matches(_ document: JSONValue) throws(DocumentError) -> Bool {
        switch self {
        case .all(let parts):
            for part in parts where try !part.matches(document) { return false }
            return true
        case .any(let parts):
            for part in parts where try part.matches(document) { return true }
            return false
        case .none(let parts):
            for part in parts where try part.matches(document) { return false }
            return true
        case .field(let path, let predicate):
            return try predicate.holds(along: path.parts[...], in: document)
        }
    }
}

extension DocumentQuery.Predicate {
    /// Whether the predicate holds for the values the path reaches from `container`: negations
    /// and conjunctions over the whole path, others when any one value satisfies them.
    func holds(along parts: ArraySlice<String>, in container: JSONValue) throws(DocumentError) -> Bool {
        switch self {
        case .not(let inner):
            return try !inner.holds(along: parts, in: container)
        case .and(let inner):
            for predicate in inner where try !predicate.holds(along: parts, in: container) { return false }
            return true
        case .size, .elementSatisfies, .elementMatches:
            // Array operators look at the array itself, not at its elements one by one.
            return try DocumentQuery.any(DocumentQuery.values(along: parts, in: container, expandingLeafArrays: false), satisfy: self)
        default:
            return try DocumentQuery.any(DocumentQuery.values(along: parts, in: container, expandingLeafArrays: true), satisfy: self)
        }
    }

    /// Whether one value (nil: missing) satisfies the predicate.
    func matches(_ value: JSONValue?) throws(DocumentError) -> Bool {
        switch self {
        case .equals(let target):
            return DocumentQuery.equal(value, target)
        case .compare(let comparison, let target):
            return DocumentQuery.compare(value, comparison, target)
        case .among(let candidates):
            for candidate in candidates {
                switch candidate {
                case .value(let target): if DocumentQuery.equal(value, target) { return true }
                case .regex(let regex): if let value, try regex.matches(value) { return true }
                }
            }
            return false
        case .exists:
            return value != nil
        case .regex(let regex):
            guard let value else { return false }
            return try regex.matches(value)
        case .type(let types):
            guard let type = value?.bsonType else { return false }
            return types.codes.contains(type.rawValue) || (types.anyNumber && type.isNumber)
        case .size(let count):
            return value?.arrayValue?.count == count
        case .elementSatisfies, .elementMatches:
            guard let items = value?.arrayValue else { return false }
            for item in items where try accepts(element: item) { return true }
            return false
        case .not(let inner):
            return try !inner.matches(value)
        case .and(let inner):
            for predicate in inner where try !predicate.matches(value) { return false }
            return true
        }
    }
}

extension DocumentQuery.Predicate {
    /// For an `$elemMatch`: whether one element of the array satisfies it (operators on the
    /// element as a value, or a query on the element as a document); other predicates accept
    /// an element they match.
    func accepts(element item: JSONValue) throws(DocumentError) -> Bool {
        switch self {
        case .elementSatisfies(let inner):
            for predicate in inner where try !predicate.matches(item) { return false }
            return true
        case .elementMatches(let filter):
            switch item {
            case .object, .array: return try filter.matches(item)
            default: return false
            }
        default:
            return try matches(item)
        }
    }
}

extension DocumentQuery {
    /// Whether one of `values` satisfies `predicate`.
    static func any(_ values: [JSONValue?], satisfy predicate: Predicate) throws(DocumentError) -> Bool {
        for value in values where try predicate.matches(value) { return true }
        return false
    }
}

extension DocumentQuery {
    /// Equality as a query means it: `null` matches a missing field too; numbers by value.
    static func equal(_ value: JSONValue?, _ target: JSONValue) -> Bool {
        guard let value else { return target.isNull }
        return DocumentOrder.bracket(value) == DocumentOrder.bracket(target) && DocumentOrder.compare(value, target) == 0
    }

    /// Comparison within a type bracket only; NaN equals NaN and is neither above nor below anything.
    static func compare(_ value: JSONValue?, _ comparison: Comparison, _ target: JSONValue) -> Bool {
        if target.isNull {
            return (comparison == .gte || comparison == .lte) && (value == nil || value == .null)
        }
        guard let value, DocumentOrder.bracket(value) == DocumentOrder.bracket(target) else { return false }
        if isNaN(value) || isNaN(target) {
            return isNaN(value) && isNaN(target) && (comparison == .gte || comparison == .lte)
        }
        let order = DocumentOrder.compare(value, target)
        switch comparison {
        case .gt: return order > 0
        case .gte: return order >= 0
        case .lt: return order < 0
        case .lte: return order <= 0
        }
    }

    private static func isNaN(_ value: JSONValue) -> Bool {
        value.documentNumber?.isNaN ?? false
    }
}
