import Foundation
import RosterWire

/// A regular expression of a query (`$regex`, a regular expression value, `$in` or `$not` with
/// one), compiled once when the query is read. Options as MongoDB takes them: `i` ignores case,
/// `m` anchors at lines, `s` lets `.` match newlines, `x` allows spaces and comments; `u` and
/// `l` change nothing here.
struct DocumentRegex: @unchecked Sendable {
    // NSRegularExpression is immutable and safe to share between threads.
    let pattern: String
    let options: String
    private let expression: NSRegularExpression

    /// MongoDB's limit on a pattern's length.
    static let maximumPatternBytes = 32_764

    init(pattern: String, options: String, path: String) throws(DocumentError) {
        guard let sorted = ExtendedJSON.regexOptions(options) else {
            throw .invalid("invalid regular expression options at '\(path.prefix(64))': use i, m, s, x")
        }
        guard pattern.utf8.count <= Self.maximumPatternBytes else {
            throw .limit("the regular expression at '\(path.prefix(64))' is longer than \(Self.maximumPatternBytes) bytes")
        }
        var flags: NSRegularExpression.Options = []
        if sorted.contains("i") { flags.insert(.caseInsensitive) }
        if sorted.contains("m") { flags.insert(.anchorsMatchLines) }
        if sorted.contains("s") { flags.insert(.dotMatchesLineSeparators) }
        if sorted.contains("x") { flags.insert(.allowCommentsAndWhitespace) }
        do {
            expression = try NSRegularExpression(pattern: pattern, options: flags)
        } catch {
            throw .invalid("invalid regular expression at '\(path.prefix(64))'")
        }
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
    func matches(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text):
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
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
