import RosterWire

/// A MongoDB filter, matched as MongoDB matches it. Fields and dotted paths (through arrays of
/// documents, numeric parts indexing arrays) with a value to equal or operators: `$eq $ne $gt
/// $gte $lt $lte $in $nin $exists $type $regex $options $size $all $elemMatch $not`; the
/// logical `$and $or $nor`; `$comment` is accepted and ignored. Comparisons stay within a type
/// (numbers with numbers, dates with dates, …) in `DocumentOrder`. Anything else is refused by
/// name.
///
///     let query = try DocumentQuery.parse(["qty": ["$lt": 30], "tags": "red"])
///     try query.matches(["qty": 25, "tags": ["blank", "red"]]) // true
///     query.equalities // ["tags": "red"], what an upsert starts from
public struct DocumentQuery: Sendable {
    let filter: Filter
    /// Whether any regular expression is in the filter (matching then needs a `RegexBudget`).
    let hasRegex: Bool

    init(filter: Filter) {
        self.filter = filter
        hasRegex = Self.regexCount(filter) > 0
    }

    /// Matches every document.
    public static let everything = DocumentQuery(filter: .all([]))

    /// Reads a filter (in Extended JSON, canonical or relaxed); a missing or null one matches everything.
    public static func parse(_ value: JSONValue?) throws(DocumentError) -> DocumentQuery {
        guard let value, !value.isNull else { return .everything }
        let filter = try filter(try ExtendedJSON.canonical(value))
        _ = try checkRegexCount(filter)
        return DocumentQuery(filter: filter)
    }

    /// Whether `document` matches; a regular expression that goes past its limit on one of the
    /// document's values, or past the call's `RegexBudget` (one of its own for this document
    /// when none is bound), refuses the query (`DocumentRegex`).
    public func matches(_ document: JSONValue) throws(DocumentError) -> Bool {
        guard RegexBudget.current == nil, hasRegex else { return try filter.matches(document) }
        return try matches(document, within: RegexBudget())
    }

    /// Whether `document` matches, every regular expression's steps drawn from `budget`.
    public func matches(_ document: JSONValue, within budget: RegexBudget) throws(DocumentError) -> Bool {
        do {
            return try RegexBudget.$current.withValue(budget) { try filter.matches(document) }
        } catch let error as DocumentError {
            throw error
        } catch {
            throw .invalid("\(error)")
        }
    }

    /// The value the query asks for at a top-level field by plain equality (`{field: v}`,
    /// `{field: {"$eq": v}}`, also inside `$and`), if it does.
    public func equality(at field: String) -> JSONValue? {
        var found: JSONValue?
        Self.visitConjuncts(filter) { path, predicate in
            if found == nil, path.parts == [field], let value = Self.seed(predicate) { found = value }
        }
        return found
    }

    /// Whether any condition, under any logical operator, names this top-level field.
    public func mentions(_ field: String) -> Bool {
        Self.mentions(field, in: filter)
    }

    private static func mentions(_ field: String, in filter: Filter) -> Bool {
        switch filter {
        case .all(let parts), .any(let parts), .none(let parts): parts.contains { mentions(field, in: $0) }
        case .field(let path, _): path.topLevel == field
        }
    }

    /// The query with one more equality.
    public func and(_ field: DocumentPath, equals value: JSONValue) -> DocumentQuery {
        guard case .all(let parts) = filter else { return DocumentQuery(filter: .all([filter, .field(field, .equals(value))])) }
        return DocumentQuery(filter: .all(parts + [.field(field, .equals(value))]))
    }

    /// What an upsert starts its new document from, as MongoDB does: the equalities the query
    /// requires of every match (`{field: v}`, `$eq`, a one-value `$in`, inside `$and` or a
    /// one-clause `$or`), dotted paths as embedded documents. A path that clashes with one
    /// already taken is left out.
    public var equalities: JSONObject {
        var fields: JSONObject = [:]
        var taken: [DocumentPath] = []
        Self.visitConjuncts(filter) { path, predicate in
            guard let value = Self.seed(predicate) else { return }
            let clashes = taken.contains { other in
                let common = min(other.parts.count, path.parts.count)
                return Array(other.parts.prefix(common)) == Array(path.parts.prefix(common))
            }
            guard !clashes, let seeded = try? path.setting(value, in: fields) else { return }
            fields = seeded
            taken.append(path)
        }
        return fields
    }

    /// The value a predicate requires by equality.
    private static func seed(_ predicate: Predicate) -> JSONValue? {
        switch predicate {
        case .equals(let value): value
        case .among(let candidates) where candidates.count == 1:
            if case .value(let value) = candidates[0] { value } else { nil }
        default: nil
        }
    }

    /// Calls `visit` for every field predicate that every match must satisfy: those at the top,
    /// inside `$and`, and inside an `$or` of one clause.
    private static func visitConjuncts(_ filter: Filter, _ visit: (DocumentPath, Predicate) -> Void) {
        switch filter {
        case .all(let parts): for part in parts { visitConjuncts(part, visit) }
        case .any(let parts) where parts.count == 1: visitConjuncts(parts[0], visit)
        case .any, .none: break
        case .field(let path, let predicate): visit(path, predicate)
        }
    }

    /// The position of the first element of the array at `arrayPath` that satisfies the
    /// query's conditions on that array, as MongoDB's positional `$` update operator finds it
    /// (`{"grades": 80}` with `"grades.$"`, `{"grades.grade": 85}` with `"grades.$.std"`);
    /// nil when none does or the query has no condition on the array. Negations (`$ne`,
    /// `$nin`, `$not`) do not pick a position, as in MongoDB.
    public func matchedArrayIndex(in document: JSONValue, arrayPath: DocumentPath) throws(DocumentError) -> Int? {
        guard case .array(let items)? = arrayPath.value(in: document) else { return nil }
        var conditions: [(rest: ArraySlice<String>, predicate: Predicate)] = []
        Self.visitConjuncts(filter) { path, predicate in
            guard path.parts.count >= arrayPath.parts.count, Array(path.parts.prefix(arrayPath.parts.count)) == arrayPath.parts
            else { return }
            if case .not = predicate { return }
            conditions.append((path.parts.dropFirst(arrayPath.parts.count), predicate))
        }
        guard !conditions.isEmpty else { return nil }
        search: for index in items.indices {
            for condition in conditions where try !Self.element(items[index], satisfies: condition.predicate, along: condition.rest) {
                continue search
            }
            return index
        }
        return nil
    }

    /// Whether one element of the array satisfies a condition on the array (`rest` empty) or on
    /// a path inside its elements.
    private static func element(_ item: JSONValue, satisfies predicate: Predicate, along rest: ArraySlice<String>)
        throws(DocumentError) -> Bool
    {
        guard rest.isEmpty else { return try predicate.holds(along: rest, in: item) }
        switch predicate {
        case .elementSatisfies, .elementMatches: return try predicate.accepts(element: item)
        case .size, .not: return true
        case .and(let inner):
            for part in inner where try element(item, satisfies: part, along: rest) { return true }
            return false
        default:
            if case .array(let nested) = item {
                for value in nested where try predicate.matches(value) { return true }
            }
            return try predicate.matches(item)
        }
    }
}
