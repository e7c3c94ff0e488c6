import CPCRE2
import RosterWire

/// A regular expression of a query (`$regex`, a regular expression value, `$in` or `$not` with
/// one), compiled once when the query is read, and matched by PCRE2 as MongoDB matches it: UTF-8,
/// options `i` (ignore case), `m` (anchors at lines), `s` (`.` matches newlines), `x` (spaces and
/// comments), `u` (Unicode classes for `\w`, `\d`, `\b`); `l` changes nothing.
///
/// Every match is bounded: PCRE2 stops after `matchLimit` steps, `depthLimit` nested
/// backtracks or `heapLimitKiB` of memory, and such a match refuses the whole call, naming the
/// limit, rather than running for minutes. Every match of a call also draws its steps from the
/// call's `RegexBudget`, so many matches cannot add up to more than one call may take.
///
///     let regex = try DocumentRegex(pattern: "^jo", options: "i", path: "name")
///     try regex.matches("Joe")  // true
struct DocumentRegex: Sendable {
    let pattern: String
    let options: String
    private let compiled: CompiledPattern

    /// MongoDB's limit on a pattern's length.
    static let maximumPatternBytes = 32_764
    /// Steps one match may take (PCRE2's match limit): a few milliseconds.
    static let matchLimit: UInt32 = 1_000_000
    /// How deep one match may backtrack (PCRE2's depth limit).
    static let depthLimit: UInt32 = 10_000
    /// The memory one match may use for backtracking, in KiB (PCRE2's heap limit).
    static let heapLimitKiB: UInt32 = 8_192

    init(pattern: String, options: String, path: String) throws(DocumentError) {
        guard let sorted = ExtendedJSON.regexOptions(options) else {
            throw .invalid("invalid regular expression options at '\(path.prefix(64))': use i, m, s, x, u")
        }
        guard pattern.utf8.count <= Self.maximumPatternBytes else {
            throw .limit("the regular expression at '\(path.prefix(64))' is longer than \(Self.maximumPatternBytes) bytes")
        }
        // Automatic callouts: each item tried is a step drawn from the call's budget.
        var flags = UInt32(PCRE2_UTF) | UInt32(PCRE2_AUTO_CALLOUT)
        if sorted.contains("i") { flags |= UInt32(PCRE2_CASELESS) }
        if sorted.contains("m") { flags |= UInt32(PCRE2_MULTILINE) }
        if sorted.contains("s") { flags |= UInt32(PCRE2_DOTALL) }
        if sorted.contains("x") { flags |= UInt32(PCRE2_EXTENDED) }
        if sorted.contains("u") { flags |= UInt32(PCRE2_UCP) }
        guard let compiled = CompiledPattern(pattern, flags: flags) else {
            throw .invalid("invalid regular expression at '\(path.prefix(64))'")
        }
        self.compiled = compiled
        self.pattern = pattern
        self.options = sorted
    }

    /// A regular expression value, `{"$regularExpression": {"pattern": …, "options": …}}`.
    init?(value: JSONValue, path: String) throws(DocumentError) {
        guard value.bsonType == .regex, let content = value["$regularExpression"],
            let pattern = content["pattern"]?.stringValue, let options = content["options"]?.stringValue
        else { return nil }
        try self.init(pattern: pattern, options: options, path: path)
    }

    /// A string the expression finds a match in, or a regular expression value that is this one.
    /// A match past a limit, or past what is left of the call's budget (`RegexBudget.current`,
    /// a budget of its own when none is bound), is refused, naming it.
    func matches(_ value: JSONValue) throws(DocumentError) -> Bool {
        switch value {
        case .string(let text):
            switch try compiled.firstMatch(in: text, budget: RegexBudget.current ?? RegexBudget(), pattern: pattern) {
            case .found: return true
            case .none: return false
            case .overLimit:
                throw .limit(
                    "the regular expression /\(pattern.prefix(64))/ needs more than its limit of \(Self.matchLimit) steps "
                        + "(depth \(Self.depthLimit), \(Self.heapLimitKiB) KiB) on one value; make it simpler or anchor it")
            }
        case .object:
            guard value.bsonType == .regex, let content = value["$regularExpression"] else { return false }
            guard let other = content["pattern"]?.stringValue else { return false }
            return other.utf8.elementsEqual(pattern.utf8)
                && content["options"]?.stringValue.flatMap(ExtendedJSON.regexOptions) == options
        default:
            return false
        }
    }
}

/// A compiled PCRE2 pattern, read-only once made, which PCRE2 allows to share between threads;
/// each match has its own match data, and the match context of the call's budget.
private final class CompiledPattern: @unchecked Sendable {
    enum Outcome { case found, none, overLimit }

    private let code: OpaquePointer

    init?(_ pattern: String, flags: UInt32) {
        var error: Int32 = 0
        var offset = 0
        let made = pattern.utf8CString.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: UInt8.self) { bytes in
                pcre2_compile_8(bytes.baseAddress, bytes.count - 1, flags, &error, &offset, nil)
            }
        }
        guard let made else { return nil }
        self.code = made
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// Whether the pattern finds a match in `text`, its steps drawn from `budget`; a budget spent
    /// or a call stopped meanwhile is refused.
    func firstMatch(in text: String, budget: RegexBudget, pattern: String) throws(DocumentError) -> Outcome {
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return .overLimit }
        defer { pcre2_match_data_free_8(data) }
        var text = text
        let result = try budget.match(pattern) { context in
            text.withUTF8 { bytes in
                // Swift strings are valid UTF-8: PCRE2 need not check again. An empty one still
                // needs an address.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { empty in
                    pcre2_match_8(code, bytes.baseAddress ?? UnsafePointer(empty.baseAddress), bytes.count, 0, UInt32(PCRE2_NO_UTF_CHECK), data, context)
                }
            }
        }
        if result >= 0 { return .found }
        if result == PCRE2_ERROR_NOMATCH { return .none }
        // The limits, and any other failure to finish: never taken for "no match".
        return .overLimit
    }
}
