import RosterWire

/// The field an update operator writes: a dotted path like `DocumentPath`, whose parts past the
/// first may also name array elements by position: `$` (the element the query matched),
/// `$[]` (every element) or `$[<identifier>]` (the elements its array filter matches).
///
///     let path = try UpdatePath("grades.$[high].score", arrayFilters: ["high": try DocumentQuery.parse(["high.score": ["$gte": 85]])])
///     path.topLevel // "grades"
///     path.description // "grades.$[high].score"
public struct UpdatePath: Sendable, CustomStringConvertible {
    public enum Part: Sendable {
        /// A field name, or an array index when it meets an array.
        case field(String)
        /// `$`: the first array element the update's query matched.
        case positional
        /// `$[]`: every element of the array.
        case allPositional
        /// `$[<identifier>]`: the elements its filter (from `arrayFilters`) matches.
        case filteredPositional(identifier: String, filter: DocumentQuery)

        /// Whether the part names array elements (`$[]` or `$[<identifier>]`).
        var isArrayUpdate: Bool {
            switch self {
            case .allPositional, .filteredPositional: true
            case .field, .positional: false
            }
        }
    }

    public let parts: [Part]
    /// The path as written.
    public let description: String

    /// The first field of the path: always a field name.
    public var topLevel: String {
        guard case .field(let name)? = parts.first else { return "" }
        return name
    }

    /// Reads a path; `$[<identifier>]` needs a filter for its identifier in `arrayFilters`.
    public init(_ text: String, arrayFilters: [String: DocumentQuery] = [:]) throws(DocumentError) {
        let names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !text.isEmpty else { throw .invalid("an empty update path is not valid") }
        guard names.allSatisfy({ !$0.isEmpty }) else {
            throw .invalid("the update path '\(text.prefix(64))' contains an empty field name, which is not allowed")
        }
        guard names.count <= DocumentPath.maximumParts else {
            throw .invalid("the update path '\(text.prefix(64))' has more than \(DocumentPath.maximumParts) parts")
        }
        var parts: [Part] = []
        for name in names {
            let part = try Self.part(name, in: text, arrayFilters: arrayFilters)
            if parts.isEmpty, !Self.isField(part) {
                throw .invalid(
                    "cannot have \(name == "$" ? "the positional operator '$'" : "an array filter identifier ('\(name.prefix(32))')") in the first position in path '\(text.prefix(64))'")
            }
            parts.append(part)
        }
        let positionals = parts.indices.filter { if case .positional = parts[$0] { true } else { false } }
        if positionals.count > 1 {
            throw .invalid("too many positional (i.e. '$') elements found in path '\(text.prefix(64))'")
        }
        // `$` stands for an index in an array the query reached, so only fields may lead to it.
        if let first = positionals.first, parts[..<first].contains(where: \.isArrayUpdate) {
            throw .invalid("the positional operator '$' cannot follow '$[]' or '$[<identifier>]' in path '\(text.prefix(64))'")
        }
        self.parts = parts
        self.description = text
    }

    private static func part(_ name: String, in text: String, arrayFilters: [String: DocumentQuery]) throws(DocumentError) -> Part {
        guard name.hasPrefix("$") else { return .field(name) }
        if name == "$" { return .positional }
        if name == "$[]" { return .allPositional }
        if name.hasPrefix("$["), name.hasSuffix("]"), name.count > 3 {
            let identifier = String(name.dropFirst(2).dropLast())
            guard let filter = arrayFilters[identifier] else {
                throw .invalid("no array filter found for identifier '\(identifier.prefix(32))' in path '\(text.prefix(64))'")
            }
            return .filteredPositional(identifier: identifier, filter: filter)
        }
        throw .invalid("field names may not start with '$' ('\(text.prefix(64))')")
    }

    private static func isField(_ part: Part) -> Bool {
        if case .field = part { return true }
        return false
    }

    /// The plain path, when no part is positional (what `$rename` needs).
    var fieldPath: DocumentPath? {
        guard parts.allSatisfy(Self.isField) else { return nil }
        return try? DocumentPath(description)
    }
}

/// The `arrayFilters` of an update: one query per identifier, each on `{identifier: element}`,
/// read as MongoDB reads them.
enum UpdateArrayFilters {
    static func parse(_ value: JSONValue?) throws(DocumentError) -> [String: DocumentQuery] {
        guard let value, !value.isNull else { return [:] }
        guard let filters = value.arrayValue else { throw .invalid("arrayFilters must be an array of queries") }
        var parsed: [String: DocumentQuery] = [:]
        for filter in filters {
            guard case .object(let fields) = filter else { throw .invalid("each array filter must be a query object") }
            guard let identifier = try identifier(of: fields) else {
                throw .invalid("cannot use an expression without a top-level field name in arrayFilters")
            }
            guard isIdentifier(identifier) else {
                throw .invalid(
                    "the top-level field name of an array filter must be an alphanumeric string beginning with a lowercase letter, found '\(identifier.prefix(32))'")
            }
            guard parsed[identifier] == nil else {
                throw .invalid("found multiple array filters with the same top-level field name '\(identifier.prefix(32))'")
            }
            parsed[identifier] = try DocumentQuery.parse(filter)
        }
        return parsed
    }

    /// The one identifier every condition of the filter starts with (through `$and`, `$or` and
    /// `$nor`); nil when the filter names none.
    private static func identifier(of fields: JSONObject) throws(DocumentError) -> String? {
        var found: String?
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            var names: [String] = []
            if ["$and", "$or", "$nor"].contains(key) {
                for case .object(let part) in value.arrayValue ?? [] {
                    if let name = try identifier(of: part) { names.append(name) }
                }
            } else if key.hasPrefix("$") {
                throw .invalid("'\(key.prefix(32))' cannot be used in arrayFilters")
            } else {
                names.append(String(key.prefix { $0 != "." }))
            }
            for name in names {
                if let found, found != name {
                    throw .invalid("an array filter must name a single top-level field, found '\(found.prefix(32))' and '\(name.prefix(32))'")
                }
                found = name
            }
        }
        return found
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
