/// How many regular expressions a query holds (`$regex`, regular expression values, those in
/// `$in`, `$nin`, `$all` and `$not`, under any logical operator or `$elemMatch`), and the most one
/// query may hold: each is matched against every value its path reaches in every document, so
/// a wide `$or` of them multiplies the work of one. A query past the cap is refused when it is
/// read, before any document is matched.
extension DocumentQuery {
    /// The most regular expressions one query may hold.
    public static let maximumRegexes = 32

    static func regexCount(_ filter: Filter) -> Int {
        switch filter {
        case .all(let parts), .any(let parts), .none(let parts): parts.reduce(0) { $0 + regexCount($1) }
        case .field(_, let predicate): regexCount(predicate)
        }
    }

    private static func regexCount(_ predicate: Predicate) -> Int {
        switch predicate {
        case .regex: 1
        case .among(let candidates): candidates.count { if case .regex = $0 { true } else { false } }
        case .elementSatisfies(let inner), .and(let inner): inner.reduce(0) { $0 + regexCount($1) }
        case .elementMatches(let filter): regexCount(filter)
        case .not(let inner): regexCount(inner)
        case .equals, .compare, .exists, .type, .size: 0
        }
    }

    /// Refuses a query holding more than `maximumRegexes` regular expressions.
    static func checkRegexCount(_ filter: Filter) throws(DocumentError) -> Int {
        let count = regexCount(filter)
        guard count <= maximumRegexes else {
            throw .limit("the query holds \(count) regular expressions; at most \(maximumRegexes) are allowed in one query")
        }
        return count
    }
}
